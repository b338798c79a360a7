import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from '@/constants/limits';
import { THEME } from './theme';

describe('the theme and the spec', () => {
  // The layout collapses at antd's "lg" breakpoint (the side menu, the module tabs): it must be
  // the spec's mobile breakpoint, in antd's defaults and in the app's theme.
  it("antd's lg breakpoint is the spec's mobile breakpoint", () => {
    expect(theme.getDesignToken(THEME).screenLG).toBe(MOBILE_BREAKPOINT_PX);
  });
});
