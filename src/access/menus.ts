/**
 * Server menus → what the app may show and do (SPEC §2 "Menus", §6).
 * - menu type 0 (group) redirects to its first child;
 * - menu type 1 (page) turns its children into button permission codes of that route;
 * - hidden entries stay routable but are left out of the menu.
 * Pure functions: the route registry and ProLayout are fed from their output.
 */
export interface ServerMenu {
  name?: string;
  icon?: string | null;
  route?: string | null;
  power_path?: string | null;
  menus?: ServerMenu[] | null;
  is_hidden?: boolean | null;
  menu_type?: number | null;
}

const MENU_TYPE = { group: 0, page: 1, button: 2 } as const;

export interface MenuNode {
  key: string;
  path: string;
  name: string;
  icon?: string;
  hidden: boolean;
  children?: MenuNode[];
}

export interface MenuAccess {
  /** Menu tree for ProLayout (hidden entries flagged, buttons removed). */
  tree: MenuNode[];
  /** Every page route the user is given, with its button permission codes. */
  pages: Map<string, ReadonlySet<string>>;
  /** Group route → the route of its first reachable child. */
  redirects: Map<string, string>;
}

/**
 * A server route as an in-app path, or '' when it is not one: it must stay on this
 * origin once the browser resolves it ("//host", "/\\host", "http:…" do not).
 */
export function normalisePath(route: string): string {
  const trimmed = route.trim();
  if (!trimmed || /[\\\s]/.test(trimmed) || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return '';
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (withSlash.startsWith('//')) return '';
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

function firstPage(node: MenuNode, pages: Map<string, ReadonlySet<string>>): string | undefined {
  if (pages.has(node.path)) return node.path;
  for (const child of node.children ?? []) {
    const found = firstPage(child, pages);
    if (found) return found;
  }
  return undefined;
}

/** Builds access from the server's menu list. Malformed entries are skipped, never thrown on. */
export function buildMenuAccess(menus: readonly ServerMenu[] | null | undefined): MenuAccess {
  const pages = new Map<string, ReadonlySet<string>>();
  const redirects = new Map<string, string>();

  const walk = (items: readonly ServerMenu[] | null | undefined, depth: number): MenuNode[] => {
    if (!Array.isArray(items) || depth > 8) return [];
    const nodes: MenuNode[] = [];
    for (const item of items) {
      if (!item || typeof item !== 'object') continue;
      const path = typeof item.route === 'string' ? normalisePath(item.route) : '';
      if (!path || item.menu_type === MENU_TYPE.button) continue;
      const node: MenuNode = {
        key: path,
        path,
        name: typeof item.name === 'string' && item.name ? item.name : path,
        icon: typeof item.icon === 'string' ? item.icon : undefined,
        hidden: item.is_hidden === true,
      };
      if (item.menu_type === MENU_TYPE.group) {
        node.children = walk(item.menus, depth + 1);
      } else {
        const codes = new Set<string>();
        for (const child of Array.isArray(item.menus) ? item.menus : []) {
          if (child && typeof child.power_path === 'string' && child.power_path) codes.add(child.power_path);
        }
        pages.set(path, codes);
      }
      nodes.push(node);
    }
    return nodes;
  };

  const tree = walk(menus, 0);
  const collectRedirects = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.children) {
        const target = firstPage(node, pages);
        if (target) redirects.set(node.path, target);
        collectRedirects(node.children);
      }
    }
  };
  collectRedirects(tree);
  return { tree, pages, redirects };
}

/** The button codes of the page that owns `pathname` (the longest matching page route). */
export function codesForPath(access: MenuAccess, pathname: string): ReadonlySet<string> {
  const path = normalisePath(pathname);
  let best: string | undefined;
  for (const route of access.pages.keys()) {
    if ((path === route || path.startsWith(route + '/')) && (!best || route.length > best.length))
      best = route;
  }
  return best ? (access.pages.get(best) ?? new Set()) : new Set();
}
