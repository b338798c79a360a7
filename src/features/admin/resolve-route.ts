/**
 * Where a path under the back-end root leads, from the server's menus (pure, so
 * every rule is testable without rendering):
 * - the root → the first page of the menu;
 * - a group (menu type 0) → its first child;
 * - a page the user is given → the page, or "not available" when this app has none;
 * - a page this app knows but the user is not given → forbidden;
 * - anything else → not found.
 */
import type { MenuAccess, MenuNode } from '@/access';

export type AdminOutcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: string }
  | { kind: 'unavailable'; route: string; name: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function findNode(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findNode(node.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

/** The first page in menu order, preferring pages shown in the menu over hidden ones. */
export function firstAdminPage(access: MenuAccess): string | undefined {
  const pages: { path: string; hidden: boolean }[] = [];
  const walk = (nodes: MenuNode[], hidden: boolean) => {
    for (const node of nodes) {
      if (access.pages.has(node.path)) pages.push({ path: node.path, hidden: hidden || node.hidden });
      walk(node.children ?? [], hidden || node.hidden);
    }
  };
  walk(access.tree, false);
  return (pages.find((p) => !p.hidden) ?? pages[0])?.path;
}

export function resolveAdminRoute(
  pathname: string,
  adminPath: string,
  access: MenuAccess,
  knownRoutes: { has: (route: string) => boolean },
): AdminOutcome {
  const path = normalise(pathname);
  if (path === normalise(adminPath)) {
    const first = firstAdminPage(access);
    return first ? { kind: 'redirect', to: first } : { kind: 'notFound' };
  }
  const groupTarget = access.redirects.get(path);
  if (groupTarget) return { kind: 'redirect', to: groupTarget };
  if (access.pages.has(path)) {
    if (knownRoutes.has(path)) return { kind: 'page', route: path };
    return { kind: 'unavailable', route: path, name: findNode(access.tree, path)?.name ?? path };
  }
  return knownRoutes.has(path) ? { kind: 'forbidden' } : { kind: 'notFound' };
}
