/**
 * The side menu's icons, named by the server (menu-icon-set.tsx). Their table is fetched
 * when a side menu first renders, so the first load does not carry icons only the admin
 * area shows; until it is there (or if it never comes), each icon's place is held by an empty
 * icon of the same size (an icon is 1em square), so the menu's text does not move when they appear.
 */
import { lazy, Suspense, type ReactNode } from 'react';

const placeholder = (
  <span className="anticon" aria-hidden>
    <svg width="1em" height="1em" />
  </span>
);

// An icon is decoration: if its chunk does not load (a network blip, a release that replaced
// the old chunks), the menu keeps the empty icons rather than failing as a region.
const MenuIconByName = lazy(() =>
  import('./menu-icon-set').catch(() => ({ default: (_: { name: string | undefined }) => placeholder })),
);

export function menuIcon(name: string | undefined): ReactNode {
  return (
    <Suspense fallback={placeholder}>
      <MenuIconByName name={name} />
    </Suspense>
  );
}
