/**
 * Which shell-level dialog or drawer is open. The top bar, the footer and the
 * guide open them; the features render them. A tiny external store, so features
 * and the layout share it without importing each other.
 */
import { useSyncExternalStore } from 'react';

export type ShellDialog = 'feedback' | 'notices' | 'logout' | 'avatar' | 'invite' | 'guide';

const open = new Set<ShellDialog>();
/** The control that had the focus when each dialog opened: it gets it back when the dialog closes. */
const openers = new Map<ShellDialog, HTMLElement>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<ShellDialog> = new Set();

function emit() {
  snapshot = new Set(open);
  listeners.forEach((l) => l());
}

export const dialogs = {
  open(name: ShellDialog) {
    if (!open.has(name)) {
      const focused = typeof document === 'undefined' ? null : document.activeElement;
      if (focused instanceof HTMLElement && focused !== document.body) openers.set(name, focused);
      open.add(name);
      emit();
    }
  },
  close(name: ShellDialog) {
    if (open.delete(name)) {
      emit();
      returnFocus(name);
    }
  },
  isOpen: (name: ShellDialog) => open.has(name),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Gives the focus back to the dialog's opener once it has closed (Esc included), unless the
 * user has put it somewhere else meanwhile. antd returns it only when the focus was outside the
 * dialog as it opened; a dialog whose field takes the focus as it mounts (autofocus) is never told.
 */
function returnFocus(name: ShellDialog) {
  const opener = openers.get(name);
  openers.delete(name);
  if (opener) returnFocusTo(opener);
}

/** Gives the focus back to `opener` once a dialog has closed, unless the user put it elsewhere. */
export function returnFocusTo(opener: HTMLElement): void {
  requestAnimationFrame(() => {
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || focused.closest('.ant-modal-wrap, .ant-drawer');
    if (lost && opener.isConnected) opener.focus({ preventScroll: true });
  });
}

export function useDialog(name: ShellDialog): { open: boolean; show: () => void; hide: () => void } {
  const state = useSyncExternalStore(dialogs.subscribe, () => snapshot);
  return { open: state.has(name), show: () => dialogs.open(name), hide: () => dialogs.close(name) };
}
