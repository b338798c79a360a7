import { createRequire } from 'node:module';
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

describe('the rc-util it warms', () => {
  it("is the copy antd's triggers (@rc-component/trigger, as antd resolves it) load", () => {
    const require = createRequire(import.meta.url);
    const fromAntd = createRequire(require.resolve('antd'));
    const fromTrigger = createRequire(fromAntd.resolve('@rc-component/trigger'));
    expect(fromTrigger.resolve('rc-util/es/isMobile')).toBe(require.resolve('rc-util/es/isMobile'));
  });
});
