import isMobile from 'rc-util/es/isMobile';
import { describe, expect, it, vi } from 'vitest';
import { warmUpLibrariesSoon } from './warm-up';

vi.mock('rc-util/es/isMobile', () => ({ default: vi.fn(() => false) }));

describe('warmUpLibrariesSoon', () => {
  it("runs rc-util's isMobile twice (compiled, then tiered up), in a later task, not in the caller's", async () => {
    warmUpLibrariesSoon();
    expect(isMobile).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(isMobile).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(isMobile).toHaveBeenCalledTimes(2));
  });
});
