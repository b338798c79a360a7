/** The app's antd theme: set at the root (src/app/App.tsx), and again inside ProLayout's header (ROOT_THEME). */
import type { ThemeConfig } from 'antd';

/**
 * Colours that reach WCAG AA (4.5:1) for text: antd's defaults for links (#1677ff),
 * secondary text (#8c8c8c), errors (#ff4d4f), status tags and the light preset tag
 * colours fall short on white or on their tinted backgrounds; the primary blue is a
 * shade darker than #1f6feb so that it also reads on the light-blue selected rows; a
 * hovered or pressed link stays readable too.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#175cd3',
    colorLink: '#175cd3',
    // Hovered links darken rather than fade (antd's lighter hover tint is 2.7:1 on white).
    colorLinkHover: '#0f4aa8',
    colorLinkActive: '#0b3a85',
    borderRadius: 6,
    colorError: '#cf1322',
    colorTextTertiary: '#6b6b6b',
    // Overlays open and close without zoom or slide. With the sub-apps in frames of their own
    // origin (out of process), Chromium holds a compositor animation "pending" at its first
    // frame until the page and its frames are presented together: a dialog stood at a fifth of
    // its size for frames on end, and a click on its button landed beside it (measured: 2 of 6
    // sign-out confirms lost in headless Chromium). Without motion an overlay is where it will
    // stay the moment it appears; phones are spared the work, and nobody who asks the system for
    // less motion gets any.
    motion: false,
  },
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorInfo: '#0958d9',
      colorError: '#cf1322',
      // Preset colours (<Tag color="gold">): the text shade, where antd's 7th fails on the 1st.
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
  },
};

/**
 * The same theme, not inheriting: ProLayout's header wraps its content in a provider with
 * its own component tokens (a transparent layout header), which is a different theme, so
 * every component there (badge, avatar, dropdown, tooltip…) had its styles generated a
 * second time. The top bar's contents go back to the app's theme with this, and share its styles.
 */
export const ROOT_THEME: ThemeConfig = { ...THEME, inherit: false };
