/**
 * What the shell does with an app's requests (contract: openapi/sub-apps.schema.yaml,
 * already validated by the channel). Paths must stay inside the workbench; only the
 * dialogs a user could open from the top bar anyway can be opened. `notices-changed` is
 * the notices feature's (it listens on the channel itself); `ping` needs nothing.
 */
import type { ShellDialog } from '@/ui/dialogs';
import { safeRedirect } from '@/ui/safe-url';
import type { AppToShell } from './channel';

export interface ShellActions {
  navigate: (path: string) => void;
  openDialog: (name: ShellDialog) => void;
}

/** Carries out one request from an app; returns whether it did something. */
export function handleAppEvent(event: AppToShell, actions: ShellActions): boolean {
  if (event.type === 'open') {
    actions.openDialog(event.dialog);
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
