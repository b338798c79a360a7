/**
 * Leaving the current page. Switching space is a full page load on purpose:
 * the shell boots again with the new tenant (its config, menus and headers).
 * One object, so tests can watch where the page would go (jsdom cannot navigate).
 */
import { ROUTES } from '@/constants/routes';

export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** /entrance opens in a new tab (SPEC §2). */
  openEntrance(search = ''): void {
    window.open(`${ROUTES.entrance}${search}`, '_blank', 'noopener');
  },
};
