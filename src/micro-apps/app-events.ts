/**
 * What an embedded app may ask of the shell through the channel. Anything else
 * (e.g. the sample apps' "ping") is ignored; paths must stay inside the workbench.
 */
import type { ShellDialog } from '@/ui/dialogs';
import { safeRedirect } from '@/ui/safe-url';
import type { AppToShell } from './channel';

/** Dialogs an app may open: the ones a user could open from the top bar anyway. */
const OPENABLE: readonly ShellDialog[] = ['feedback', 'notices'];

export interface ShellActions {
  navigate: (path: string) => void;
  openDialog: (name: ShellDialog) => void;
}

/** Carries out one request from an app; returns whether it was one the shell understood. */
export function handleAppEvent(event: AppToShell, actions: ShellActions): boolean {
  if (event.type === 'open' && OPENABLE.includes(event.dialog as ShellDialog)) {
    actions.openDialog(event.dialog as ShellDialog);
    return true;
  }
  if (event.type === 'navigate' && typeof event.path === 'string') {
    const target = safeRedirect(event.path, []);
    if (target?.startsWith('/')) {
      actions.navigate(target);
      return true;
    }
  }
  return false;
}
