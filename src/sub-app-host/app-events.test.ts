import { describe, expect, it, vi } from 'vitest';
import { validateAppToShell } from '@generated/sub-apps/validate';
import { handleAppEvent } from './app-events';

const actions = () => ({ navigate: vi.fn(), openDialog: vi.fn(), toast: vi.fn(), sessionExpired: vi.fn() });

describe('requests from embedded apps', () => {
  it('opens the feedback dialog or the notices drawer', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'open', dialog: 'feedback' }, a)).toBe(true);
    expect(handleAppEvent({ type: 'open', dialog: 'notices' }, a)).toBe(true);
    expect(a.openDialog.mock.calls).toEqual([['feedback'], ['notices']]);
  });

  it('navigates only inside the workbench', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'navigate', path: '/user-info/my-feedback' }, a)).toBe(true);
    expect(a.navigate.mock.calls).toEqual([['/user-info/my-feedback']]);
  });

  it('shows a toast and runs the session-expiry path when asked', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'toast', level: 'warning', content: '库存不足' }, a)).toBe(true);
    expect(handleAppEvent({ type: 'session-expired' }, a)).toBe(true);
    expect(a.toast.mock.calls).toEqual([['warning', '库存不足']]);
    expect(a.sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a ping or notices-changed (the notices feature listens for that one)', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'ping' }, a)).toBe(false);
    expect(handleAppEvent({ type: 'notices-changed' }, a)).toBe(false);
    expect(a.navigate).not.toHaveBeenCalled();
    expect(a.openDialog).not.toHaveBeenCalled();
  });
});

describe('the contract refuses what the shell must not act on', () => {
  it.each([
    ['another dialog (logout stays the user’s own choice)', { type: 'open', dialog: 'logout' }],
    ['another origin', { type: 'navigate', path: 'https://evil.example/' }],
    ['a protocol-relative path', { type: 'navigate', path: '//evil.example' }],
    ['a backslash path', { type: 'navigate', path: '/\\evil.example' }],
    ['a script URL', { type: 'navigate', path: 'javascript:alert(1)' }],
    ['a path that is not a string', { type: 'navigate', path: 42 }],
    ['an unknown type', { type: 'format-disk' }],
    ['no type', { dialog: 'feedback' }],
    ['not an object', 'open feedback'],
  ])('%s', (_, message) => {
    expect(validateAppToShell(message)).toBe(false);
  });

  it('accepts the documented messages, extra keys included', () => {
    for (const message of [
      { type: 'open', dialog: 'feedback', app: 'manual', at: '2026-11-24T00:00:00Z' },
      { type: 'navigate', path: '/user-info/my-feedback' },
      { type: 'notices-changed' },
      { type: 'ping', app: 'product' },
    ]) {
      expect(validateAppToShell(message), JSON.stringify(message)).toBe(true);
    }
  });
});
