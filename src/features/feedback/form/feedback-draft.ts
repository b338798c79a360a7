/**
 * What the user typed in the feedback dialog, kept in sessionStorage until a
 * submit succeeds: a failed submit (or closing the dialog, or a full-page tab
 * switch) loses nothing. Scoped per user; cleared only after a successful submit.
 */
import { readItem } from '@/session/storage';

export type FeedbackKind = 'activity' | 'question';

const PREFIX = 'workbench.feedbackDraft';
const memory = new Map<string, string>();

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: keep the draft for this page's life
  }
}

function key(kind: FeedbackKind): string {
  const user = readItem('info')?.gid ?? 'anonymous';
  return `${PREFIX}.${user}.${kind}`;
}

export function loadDraft<T extends object>(kind: FeedbackKind): Partial<T> {
  const raw = memory.get(key(kind)) ?? store()?.getItem(key(kind));
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

export function saveDraft(kind: FeedbackKind, values: object): void {
  const raw = JSON.stringify(values);
  try {
    const s = store();
    if (s) s.setItem(key(kind), raw);
    else memory.set(key(kind), raw);
  } catch {
    memory.set(key(kind), raw); // quota exceeded: still keep it in memory
  }
}

export function clearDraft(kind: FeedbackKind): void {
  store()?.removeItem(key(kind));
  memory.delete(key(kind));
}

export function hasDraft(kind: FeedbackKind): boolean {
  return Object.values(loadDraft(kind)).some((v) =>
    Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '',
  );
}
