/**
 * The user centre's left menu (SPEC §2 "User-center left menu"), in order: drawn by the app
 * (src/features/user-center/UserCenterLayout.tsx) and by index.html's frame of the shell
 * (vite-plugins/boot-frame), from this one table.
 */
import { ROUTES } from './routes.ts';
import { ACCOUNT_TEXT } from './texts/account.ts';

export const USER_CENTER_MENU = [
  { page: 'baseInfo', path: ROUTES.userCenter.baseInfo, label: ACCOUNT_TEXT.menu.baseInfo },
  { page: 'accountSetting', path: ROUTES.userCenter.accountSetting, label: ACCOUNT_TEXT.menu.accountSetting },
  { page: 'thirdAccount', path: ROUTES.userCenter.thirdAccount, label: ACCOUNT_TEXT.menu.thirdAccount },
  // Joined enterprises is hidden in engine home mode (page2, SPEC §6).
  {
    page: 'enterprise',
    path: ROUTES.userCenter.enterprise,
    label: ACCOUNT_TEXT.menu.enterprise,
    hiddenOnPage2: true,
  },
  { page: 'myFeedback', path: ROUTES.userCenter.myFeedback, label: ACCOUNT_TEXT.menu.myFeedback },
] as const;

export type UserCenterPage = (typeof USER_CENTER_MENU)[number]['page'];

/** The entries of the menu in a home page mode. */
export function userCenterMenu(homePage: 'page1' | 'page2') {
  return USER_CENTER_MENU.filter((entry) => !('hiddenOnPage2' in entry && homePage === 'page2'));
}
