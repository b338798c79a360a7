/**
 * What the shell does with an app's requests (contract: packages/contracts/openapi/sub-apps.schema.yaml,
 * already validated by the channel). Paths must stay inside the workbench; only the
 * dialogs a user could open from the top bar anyway can be opened; a toast is shown by the
 * shell; an app's report that the session ended runs the expiry path. `notices-changed` is
 * the notices feature's (it listens on the channel itself); `ping` needs nothing.
 */
import type { ShellDialog } from '@/ui/dialogs';
import { safeRedirect } from '@/ui/safe-url';
import type { AppToShell } from './channel';

type ToastLevel = 'success' | 'info' | 'warning' | 'error';

export interface ShellActions {
  navigate: (path: string) => void;
  openDialog: (name: ShellDialog) => void;
  /** A short message rendered by the shell above everything (antd message, the spec's 2 s). */
  toast: (level: ToastLevel, content: string) => void;
  /** The session-expiry path of SPEC §8 (run once however often it is called). */
  sessionExpired: () => void;
}

/** Carries out one request from an app; returns whether it did something. */
export function handleAppEvent(event: AppToShell, actions: ShellActions): boolean {
  if (event.type === 'open') {
    actions.openDialog(event.dialog);
    return true;
  }
  if (event.type === 'toast') {
    actions.toast(event.level, event.content);
    return true;
  }
  if (event.type === 'session-expired') {
    actions.sessionExpired();
    return true;
  }
  if (event.type === 'navigate') {
    const target = safeRedirect(event.path, []);
    if (target?.startsWith('/')) {
      actions.navigate(target);
      return true;
    }
  }
  return false;
}
