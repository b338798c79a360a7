/**
 * The role-power editor's rules, as pure functions over the tenant's power tree.
 *
 * Who may change what (the rule of this editor): a node is editable only when the
 * signed-in user holds its code AND the codes of all its ancestors
 * (`getLoginUserPowers`). The user can neither grant nor take away any other
 * power: such nodes are shown disabled and saved exactly as they were.
 *
 * Ticking: checking a node checks it, its ancestors (a button needs its page) and
 * its editable descendants; unchecking a node unchecks it and its editable
 * descendants. A page stays checked while a locked power under it is checked.
 */
import type { Power, TenantApplication } from '@generated/rbac/model';

export interface PowerIndex {
  byId: Map<string, Power>;
  parent: Map<string, string>;
  /** Every id in tree order (the order of the saved list). */
  order: string[];
}

export function indexPowers(roots: readonly Power[]): PowerIndex {
  const byId = new Map<string, Power>();
  const parent = new Map<string, string>();
  const order: string[] = [];
  const walk = (nodes: readonly Power[], parentId?: string) => {
    for (const node of nodes) {
      if (byId.has(node.id)) continue; // a malformed tree must not loop
      byId.set(node.id, node);
      order.push(node.id);
      if (parentId) parent.set(node.id, parentId);
      walk(node.children ?? [], node.id);
    }
  };
  walk(roots);
  return { byId, parent, order };
}

/** The powers the role holds according to the server's tree. */
export function heldIds(index: PowerIndex): Set<string> {
  return new Set(index.order.filter((id) => index.byId.get(id)!.checked));
}

function ancestors(index: PowerIndex, id: string): string[] {
  const out: string[] = [];
  for (let p = index.parent.get(id); p; p = index.parent.get(p)) out.push(p);
  return out;
}

function descendants(index: PowerIndex, id: string): string[] {
  const out: string[] = [];
  const walk = (node: Power) => {
    for (const child of node.children ?? []) {
      out.push(child.id);
      walk(child);
    }
  };
  walk(index.byId.get(id)!);
  return out;
}

/** Nodes the signed-in user may change (see the rule above). */
export function editableIds(index: PowerIndex, userCodes: ReadonlySet<string>): Set<string> {
  return new Set(
    index.order.filter((id) =>
      [id, ...ancestors(index, id)].every((a) => userCodes.has(index.byId.get(a)!.code)),
    ),
  );
}

/** Adds the ancestors of every checked node: a button is never saved without its page. */
function withAncestors(index: PowerIndex, checked: Set<string>): Set<string> {
  const out = new Set(checked);
  for (const id of checked) ancestors(index, id).forEach((a) => out.add(a));
  return out;
}

export function toggle(
  index: PowerIndex,
  checked: ReadonlySet<string>,
  editable: ReadonlySet<string>,
  id: string,
  on: boolean,
): Set<string> {
  if (!editable.has(id) || !index.byId.has(id)) return new Set(checked);
  const next = new Set(checked);
  const below = descendants(index, id).filter((d) => editable.has(d));
  if (on) {
    [id, ...below].forEach((d) => next.add(d));
  } else {
    [id, ...below].forEach((d) => next.delete(d));
  }
  return withAncestors(index, next);
}

/** Another role's powers where this user may edit; everything locked stays as it is. */
export function copyFrom(
  index: PowerIndex,
  checked: ReadonlySet<string>,
  editable: ReadonlySet<string>,
  otherIds: readonly string[],
): Set<string> {
  const next = new Set([...checked].filter((id) => !editable.has(id)));
  for (const id of otherIds) if (editable.has(id) && index.byId.has(id)) next.add(id);
  return withAncestors(index, next);
}

/** The saved list: checked ids in tree order (known ids only). */
export function toPowerIds(index: PowerIndex, checked: ReadonlySet<string>): string[] {
  return index.order.filter((id) => checked.has(id));
}

export interface PowerGroup {
  key: string;
  name: string;
  roots: Power[];
}

/**
 * One group per application of the tenant, in the tenant's order; top-level
 * powers of an application that is not listed go to a last group, so nothing is
 * hidden from the editor.
 */
export function groupByApplication(
  roots: readonly Power[],
  apps: readonly TenantApplication[],
  otherName: string,
): PowerGroup[] {
  const groups: PowerGroup[] = apps.map((app) => ({
    key: app.app_id,
    name: app.app_name,
    roots: roots.filter((r) => r.app_id === app.app_id),
  }));
  const listed = new Set(apps.map((a) => a.app_id));
  const rest = roots.filter((r) => !listed.has(r.app_id));
  if (rest.length) groups.push({ key: '__other', name: otherName, roots: rest });
  return groups.filter((g) => g.roots.length > 0);
}

/** How many of a group's nodes are checked, of how many. */
export function countIn(
  index: PowerIndex,
  roots: readonly Power[],
  checked: ReadonlySet<string>,
): { checked: number; total: number } {
  const ids = roots.flatMap((r) => [r.id, ...descendants(index, r.id)]);
  return { checked: ids.filter((id) => checked.has(id)).length, total: ids.length };
}

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
