/** Signed out → the SSO authorize page. (A token in the URL was already taken by early-start.) */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { isLeaving, redirectToSignIn } from '@/session/sso';
import { getToken, subscribeStorage } from '@/session/storage';
import { FullScreenLoading } from '@/ui/FullScreenLoading';
import { SHELL_TEXT } from '@/constants/texts';

export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeStorage, getToken);
  useEffect(() => {
    if (!token) redirectToSignIn();
  }, [token]);
  if (!token) return <FullScreenLoading tip={isLeaving() ? SHELL_TEXT.leaving : SHELL_TEXT.toSignIn} />;
  return <>{children}</>;
}
