/**
 * The first tap is answered: a tap on the boot frame's tabs, logo or menus, before the app ran,
 * is kept by the boot script as `data-boot-tap` on <html> (vite-plugins/boot-frame), with the
 * tapped tab or menu entry shown as chosen. Once the shell has rendered, it goes there as the
 * entry itself would have: another app's tab loads that app's page in full (src/layout/
 * ModuleTabs.tsx), anything else goes through the router, so the route set decides as for any
 * other navigation (a page the user may not open says so).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { appForPath } from '@/access';
import { BOOT_TAP } from '@/constants/boot-frame';
import { navigation } from '@/ui/navigation';
import { safeRedirect } from '@/ui/safe-url';

/** Without a trailing slash, as the shell's routes (and the boot script) compare paths. */
const bare = (path: string) => path.replace(/(.)\/$/, '$1');

/** The path the user tapped in the boot frame, once (the mark is removed); null without one. */
function takeBootFrameTap(): string | null {
  const html = document.documentElement;
  const to = html.getAttribute(BOOT_TAP);
  html.removeAttribute(BOOT_TAP);
  // A path on this origin only, resolved as the browser would ("/\\host" is another host): the
  // mark comes from the build's routes and the menu the shell recorded in local storage.
  const target = safeRedirect(to, []);
  return target?.startsWith('/') ? target : null;
}

export function useBootFrameTap(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const to = takeBootFrameTap();
    const here = window.location.pathname;
    if (to === null || bare(to) === bare(here)) return;
    const app = appForPath(to);
    if (app !== null && app !== appForPath(here)) navigation.assign(to);
    else void navigate(to);
  }, [navigate]);
}
