/**
 * Which shell-level dialog or drawer is open. The top bar, the footer and the
 * guide open them; the features render them. A tiny external store, so features
 * and the layout share it without importing each other.
 */
import { useSyncExternalStore } from 'react';

export type ShellDialog = 'feedback' | 'notices' | 'logout' | 'avatar' | 'invite' | 'guide';

const open = new Set<ShellDialog>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<ShellDialog> = new Set();

function emit() {
  snapshot = new Set(open);
  listeners.forEach((l) => l());
}

export const dialogs = {
  open(name: ShellDialog) {
    if (!open.has(name)) {
      open.add(name);
      emit();
    }
  },
  close(name: ShellDialog) {
    if (open.delete(name)) emit();
  },
  isOpen: (name: ShellDialog) => open.has(name),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useDialog(name: ShellDialog): { open: boolean; show: () => void; hide: () => void } {
  const state = useSyncExternalStore(dialogs.subscribe, () => snapshot);
  return { open: state.has(name), show: () => dialogs.open(name), hide: () => dialogs.close(name) };
}
