import { describe, expect, it, vi } from 'vitest';
import { handleAppEvent } from './app-events';

const actions = () => ({ navigate: vi.fn(), openDialog: vi.fn() });

describe('requests from embedded apps', () => {
  it('opens the feedback dialog or the notices drawer', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'open', dialog: 'feedback' }, a)).toBe(true);
    expect(handleAppEvent({ type: 'open', dialog: 'notices' }, a)).toBe(true);
    expect(a.openDialog.mock.calls).toEqual([['feedback'], ['notices']]);
  });

  it('does not open other dialogs (logout stays the user’s own choice)', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'open', dialog: 'logout' }, a)).toBe(false);
    expect(a.openDialog).not.toHaveBeenCalled();
  });

  it('navigates only inside the workbench', () => {
    const a = actions();
    expect(handleAppEvent({ type: 'navigate', path: '/user-info/my-feedback' }, a)).toBe(true);
    for (const path of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', 42]) {
      expect(handleAppEvent({ type: 'navigate', path }, a)).toBe(false);
    }
    expect(a.navigate.mock.calls).toEqual([['/user-info/my-feedback']]);
  });

  it('ignores anything else', () => {
    expect(handleAppEvent({ type: 'ping', app: 'manual' }, actions())).toBe(false);
  });
});
