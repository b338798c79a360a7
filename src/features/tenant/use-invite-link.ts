/**
 * The invite link (SPEC §4 "Invite link refresh", §9): the fixed share-link
 * prefix plus the code from invite-link creation. The first open inserts a link
 * record (is_insert true); refresh spins the icon for REFRESH_SPIN_MS, then asks
 * for a new code without inserting (is_insert false). The link is also kept as
 * the stored item 'inviteUrl'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createInviteLink } from '@generated/workbench/workbench';
import { config } from '@/config/env';
import { REFRESH_SPIN_MS } from '@/constants/limits';
import { writeItem } from '@/session/storage';

function inviteUrl(code: string): string {
  return config.inviteLinkPrefix + encodeURIComponent(code);
}

export interface InviteLinkState {
  link: string | null;
  /** A request for a link is on its way. */
  loading: boolean;
  /** The refresh icon is spinning. */
  spinning: boolean;
  failed: boolean;
  refresh: () => void;
  retry: () => void;
}

export function useInviteLink(active: boolean): InviteLinkState {
  const [link, setLink] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [spinning, setSpinning] = useState(false);
  const [failed, setFailed] = useState(false);
  const requested = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      window.clearTimeout(timer.current);
    };
  }, []);

  const generate = useCallback(async (isInsert: boolean) => {
    setLoading(true);
    setFailed(false);
    try {
      const code = await createInviteLink({ is_insert: isInsert });
      if (!alive.current) return;
      if (typeof code !== 'string' || !code) throw new Error('empty invite code');
      const url = inviteUrl(code);
      writeItem('inviteUrl', url);
      setLink(url);
    } catch {
      // The transport has shown the error; keep the previous link if there is one.
      if (alive.current) setFailed(true);
    } finally {
      if (alive.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!active || requested.current) return;
    requested.current = true;
    void generate(true);
  }, [active, generate]);

  const refresh = useCallback(() => {
    if (spinning || loading) return;
    setSpinning(true);
    timer.current = window.setTimeout(() => {
      setSpinning(false);
      void generate(false);
    }, REFRESH_SPIN_MS);
  }, [spinning, loading, generate]);

  // A first link that failed is inserted again; a failed refresh only refreshes.
  const retry = useCallback(() => void generate(link === null), [generate, link]);

  return { link, loading, spinning, failed, refresh, retry };
}
