/**
 * The side menu's icons, named by the server (menu-icon-set.tsx). Their table is fetched
 * when a side menu first renders, so the first load does not carry icons only the admin
 * area shows; until it is there, each icon's place is held by an empty icon of the same
 * size (an icon is 1em square), so the menu's text does not move when they appear.
 */
import { lazy, Suspense, type ReactNode } from 'react';

const MenuIconByName = lazy(() => import('./menu-icon-set'));

const placeholder = (
  <span className="anticon" aria-hidden>
    <svg width="1em" height="1em" />
  </span>
);

export function menuIcon(name: string | undefined): ReactNode {
  return (
    <Suspense fallback={placeholder}>
      <MenuIconByName name={name} />
    </Suspense>
  );
}
