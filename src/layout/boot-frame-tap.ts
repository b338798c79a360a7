/**
 * The first tap is answered: a tap on the boot frame's tabs, logo or menus, before the app ran,
 * is kept by the boot script as `data-boot-tap` on <html> (vite-plugins/boot-frame), with the
 * tapped entry shown as chosen. Once the shell has rendered, it goes there, through the router,
 * so the route set decides as for any other navigation (a page the user may not open says so).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { BOOT_TAP } from '@/constants/boot-frame';

/** The path the user tapped in the boot frame, once (the mark is removed); null without one. */
function takeBootFrameTap(): string | null {
  const html = document.documentElement;
  const to = html.getAttribute(BOOT_TAP);
  html.removeAttribute(BOOT_TAP);
  // A path of this site only: the mark is the boot script's, from the build's routes and the
  // menu the shell recorded.
  return to?.startsWith('/') && !to.startsWith('//') ? to : null;
}

export function useBootFrameTap(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const to = takeBootFrameTap();
    if (to !== null && to !== window.location.pathname) void navigate(to);
  }, [navigate]);
}
