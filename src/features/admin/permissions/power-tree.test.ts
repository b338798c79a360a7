import { describe, expect, it } from 'vitest';
import {
  getListRolePowersResponseMock,
  getListTenantApplicationsResponseMock,
} from '@generated/rbac/rbac.msw';
import {
  copyFrom,
  countIn,
  editableIds,
  groupByApplication,
  heldIds,
  indexPowers,
  toggle,
  toPowerIds,
} from './power-tree';

// The contract's example: the tenant's tree checked for role 编辑 (manual and product powers).
const roots = getListRolePowersResponseMock().data;
const apps = getListTenantApplicationsResponseMock().data;
const index = indexPowers(roots);
const allCodes = new Set(index.order.map((id) => index.byId.get(id)!.code));
const everything = editableIds(index, allCodes);

describe('power tree: who may change what', () => {
  it('reads what the role holds from the tree', () => {
    expect(toPowerIds(index, heldIds(index))).toEqual(['p-200', 'p-201', 'p-203', 'p-300', 'p-301', 'p-302']);
  });

  it('lets a user change only powers they hold, with every ancestor', () => {
    const editable = editableIds(
      index,
      new Set(['manual:view', 'manual:delete', 'role:create', 'product:edit']),
    );
    expect([...editable].sort()).toEqual(['p-200', 'p-202']);
    expect(everything.size).toBe(index.order.length);
  });
});

describe('power tree: ticking', () => {
  it('checking a button also checks its page and group', () => {
    const next = toggle(index, new Set(), everything, 'p-122', true);
    expect(toPowerIds(index, next)).toEqual(['p-120', 'p-121', 'p-122']);
  });

  it('checking a page checks its buttons; unchecking it clears them and keeps the parent group', () => {
    const on = toggle(index, new Set(), everything, 'p-121', true);
    expect(toPowerIds(index, on)).toEqual(['p-120', 'p-121', 'p-122', 'p-123', 'p-124', 'p-125']);
    const off = toggle(index, on, everything, 'p-121', false);
    expect(toPowerIds(index, off)).toEqual(['p-120']);
  });

  it('never changes a locked node, and keeps a page checked while a locked power under it is', () => {
    const held = heldIds(index); // p-200 with p-201 and p-203
    const editable = editableIds(index, new Set(['manual:view', 'manual:delete']));
    expect(toggle(index, held, editable, 'p-201', false)).toEqual(held);
    const off = toggle(index, held, editable, 'p-200', false);
    expect(toPowerIds(index, off)).toEqual(['p-200', 'p-201', 'p-203', 'p-300', 'p-301', 'p-302']);
    const on = toggle(index, held, editable, 'p-202', true);
    expect(on.has('p-202')).toBe(true);
  });

  it('copies another role only where the user may edit', () => {
    const editable = editableIds(
      index,
      new Set(['manual:view', 'manual:create', 'manual:delete', 'manual:publish']),
    );
    const next = copyFrom(index, heldIds(index), editable, ['p-200', 'p-203', 'p-400', 'p-999']);
    // manual now as in the other role (p-201 dropped); product kept (locked); channel not granted (locked).
    expect(toPowerIds(index, next)).toEqual(['p-200', 'p-203', 'p-300', 'p-301', 'p-302']);
  });
});

describe('power tree: grouping by application', () => {
  it('makes one group per listed application, in the tenant order, with counts', () => {
    const groups = groupByApplication(roots, apps, '其他');
    expect(groups.map((g) => g.name)).toEqual(['工作台', '织雀手册', '产品管理', '渠道管理']);
    expect(countIn(index, groups[1]!.roots, heldIds(index))).toEqual({ checked: 3, total: 4 });
  });

  it('keeps powers of an unlisted application in a last group', () => {
    const groups = groupByApplication(roots, apps.slice(0, 2), '其他');
    expect(groups.map((g) => g.name)).toEqual(['工作台', '织雀手册', '其他']);
    expect(groups[2]!.roots.map((r) => r.id)).toEqual(['p-300', 'p-400']);
  });
});
