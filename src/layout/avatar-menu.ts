/**
 * The avatar dropdown's entries (SPEC §2 "Top bar", §6), as a pure function of
 * the session so every rule is testable without rendering.
 */
import { ENTERPRISE_NAME_MAX_CHARS, PERSONAL_NAME_MAX_CHARS } from '@/constants/limits';
import { SHELL_TEXT } from '@/constants/texts';

export interface AvatarMenuFacts {
  userName: string | null | undefined;
  phone: string | null | undefined;
  tenantName: string | null | undefined;
  isPersonal: boolean;
  isFrozen: boolean;
  tenantTotal: number;
  hasMenus: boolean;
  adminPath: string | null;
  /** Owner of the current tenant: offers 邀请成员 in an enterprise that is not frozen. */
  isOwner?: boolean;
}

export type AvatarMenuEntry =
  | { key: 'personal'; label: string }
  | { key: 'enterprise'; label: string; fullName: string; truncated: boolean }
  | { key: 'admin'; label: string; path: string }
  | { key: 'invite'; label: string }
  | { key: 'switch-enterprise'; label: string }
  | { key: 'create-enterprise'; label: string }
  | { key: 'account-settings'; label: string }
  | { key: 'my-feedback'; label: string }
  | { key: 'logout'; label: string };

/** Cuts by characters (code points), so a Chinese name is cut where a person would count. */
function truncate(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  return chars.length > max
    ? { text: chars.slice(0, max).join('') + '...', truncated: true }
    : { text, truncated: false };
}

/** Personal name cut to 7 characters with an ellipsis, or the phone when there is no name. */
export function personalLabel(userName: string | null | undefined, phone: string | null | undefined): string {
  const name = (userName ?? '').trim();
  return name ? truncate(name, PERSONAL_NAME_MAX_CHARS).text : (phone ?? '');
}

export function avatarMenuEntries(facts: AvatarMenuFacts): AvatarMenuEntry[] {
  const entries: AvatarMenuEntry[] = [{ key: 'personal', label: personalLabel(facts.userName, facts.phone) }];
  if (!facts.isPersonal && facts.tenantName) {
    const cut = truncate(facts.tenantName, ENTERPRISE_NAME_MAX_CHARS);
    entries.push({
      key: 'enterprise',
      label: cut.text,
      fullName: facts.tenantName,
      truncated: cut.truncated,
    });
  }
  if (facts.hasMenus && facts.adminPath)
    entries.push({ key: 'admin', label: SHELL_TEXT.avatarMenu.admin, path: facts.adminPath });
  if (facts.isOwner && !facts.isPersonal && !facts.isFrozen)
    entries.push({ key: 'invite', label: SHELL_TEXT.avatarMenu.invite });
  // Create or switch shows only in the personal space or a disabled tenant.
  if (facts.isPersonal || facts.isFrozen) {
    if (facts.tenantTotal > 1)
      entries.push({ key: 'switch-enterprise', label: SHELL_TEXT.avatarMenu.switchEnterprise });
    else entries.push({ key: 'create-enterprise', label: SHELL_TEXT.avatarMenu.createEnterprise });
  }
  entries.push(
    { key: 'account-settings', label: SHELL_TEXT.avatarMenu.accountSettings },
    { key: 'my-feedback', label: SHELL_TEXT.avatarMenu.myFeedback },
    { key: 'logout', label: SHELL_TEXT.avatarMenu.logout },
  );
  return entries;
}
