/**
 * What index.html's frame of the shell shows on the next load (vite-plugins/boot-frame): the
 * shell records it after each render, the next load's boot script reads it with the session
 * token (src/constants/boot-frame.ts).
 */
import type { MenuDataItem } from '@ant-design/pro-layout';
import { useEffect } from 'react';
import { appForPath, useAccess } from '@/access';
import type { BootFrameFacts, BootFrameMenuRow } from '@/constants/boot-frame';
import { readItem, writeItem } from '@/session/storage';

/**
 * The side menu's rows as ProLayout draws them from the shell's menu data (MainLayout's
 * `toProMenu`): visible entries in order, a group's entries right after it; a hidden page is
 * counted to the entry it highlights (`parentKeys`), and a group stands for every page below it.
 */
export function sideMenuRows(items: readonly MenuDataItem[], depth = 0): BootFrameMenuRow[] {
  const rows: BootFrameMenuRow[] = [];
  const byKey = new Map<string, BootFrameMenuRow>();
  for (const item of items) {
    if (item.hideInMenu) continue;
    const below = item.children?.length ? sideMenuRows(item.children, depth + 1) : [];
    const row: BootFrameMenuRow = below.length
      ? { name: item.name ?? '', depth, paths: below.flatMap((r) => (r.group ? [] : r.paths)), group: true }
      : { name: item.name ?? '', depth, paths: item.path ? [item.path] : [] };
    if (item.key) byKey.set(item.key, row);
    rows.push(row, ...below);
  }
  for (const item of items) {
    const highlighted = item.hideInMenu && item.path ? byKey.get(item.parentKeys?.[0] ?? '') : undefined;
    if (highlighted && !highlighted.group) highlighted.paths.push(item.path!);
  }
  return rows;
}

/**
 * Records the facts: the tabs, the home page's app, the tip bar, a frozen tenant, the home page's
 * mode (the user centre's menu follows it), the back-end's root (whose pages the next load fetches early, src/app/pages.ts) and its side menu. Written
 * only when they changed.
 */
export function useBootFrameFacts(sideMenu: readonly MenuDataItem[]): void {
  const { routeSet, isPersonal, homePage, isFrozen, adminPath } = useAccess();
  const tabs = routeSet.tabs.join(' ');
  const landing = appForPath(routeSet.landing);
  const tipBar = isPersonal && homePage === 'page1';
  useEffect(() => {
    const facts: BootFrameFacts = {
      tabs: tabs ? (tabs.split(' ') as BootFrameFacts['tabs']) : [],
      landing,
      tipBar,
      frozen: isFrozen,
      homePage,
      adminPath,
      sideMenu: adminPath ? sideMenuRows(sideMenu) : [],
    };
    if (JSON.stringify(readItem('bootFrame')) !== JSON.stringify(facts)) writeItem('bootFrame', facts);
  }, [tabs, landing, tipBar, isFrozen, homePage, adminPath, sideMenu]);
}
