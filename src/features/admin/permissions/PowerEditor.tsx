/**
 * The role-power editor: one tab per application of the tenant, each an antd
 * Tree with checkboxes. What may be changed and how ticking works is in
 * power-tree.ts; this component holds the ticks and saves the whole set.
 */
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Tabs, Tag, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  getListPowersOfRolesQueryKey,
  getListPowersOfRolesQueryOptions,
  getListRolePowersQueryKey,
  useSaveRolePowers,
} from '@generated/rbac/rbac';
import type { Power, Role, TenantApplication } from '@generated/rbac/model';
import { Access } from '@/access';
import { POWER } from '@/constants/codes';
import { ADMIN_TEXT } from '@/constants/texts';
import {
  copyFrom,
  countIn,
  editableIds,
  groupByApplication,
  heldIds,
  indexPowers,
  sameSet,
  toggle,
  toPowerIds,
} from './power-tree';

const T = ADMIN_TEXT.permissions;

interface Props {
  roleId: string;
  roots: Power[];
  apps: TenantApplication[];
  userCodes: ReadonlySet<string>;
  /** Nothing can be changed (a system role, or no permission to save). */
  readOnly: boolean;
  /** Roles whose powers can be copied in. */
  otherRoles: Role[];
  onDirtyChange: (dirty: boolean) => void;
}

function toTreeData(nodes: readonly Power[], editable: ReadonlySet<string>): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.name,
    disableCheckbox: !editable.has(node.id),
    children: node.children?.length ? toTreeData(node.children, editable) : undefined,
  }));
}

export function PowerEditor({ roleId, roots, apps, userCodes, readOnly, otherRoles, onDirtyChange }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useSaveRolePowers();
  const index = useMemo(() => indexPowers(roots), [roots]);
  const editable = useMemo(
    () => (readOnly ? new Set<string>() : editableIds(index, userCodes)),
    [index, userCodes, readOnly],
  );
  const groups = useMemo(() => groupByApplication(roots, apps, T.otherApp), [roots, apps]);
  const [baseline, setBaseline] = useState<ReadonlySet<string>>(() => heldIds(index));
  const [checked, setChecked] = useState<ReadonlySet<string>>(baseline);
  const [copying, setCopying] = useState(false);
  const dirty = !sameSet(checked, baseline);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const onSave = async () => {
    const sent = new Set(checked);
    try {
      await save.mutateAsync({ data: { role_id: roleId, power_ids: toPowerIds(index, sent) } });
    } catch {
      return; // toasted by the transport; the ticks stay as they are
    }
    void message.success(T.saved);
    setBaseline(sent);
    // What was saved is now the baseline; the cached trees are stale for the next visit.
    void queryClient.invalidateQueries({
      queryKey: getListRolePowersQueryKey({ role_id: roleId }),
      refetchType: 'none',
    });
    void queryClient.invalidateQueries({ queryKey: getListPowersOfRolesQueryKey(), refetchType: 'none' });
  };

  const onCopy = async (otherId: string) => {
    const other = otherRoles.find((r) => r.id === otherId);
    setCopying(true);
    try {
      const entries = await queryClient.fetchQuery(getListPowersOfRolesQueryOptions({ role_ids: [otherId] }));
      const ids = entries.find((e) => e.role_id === otherId)?.power_ids ?? [];
      setChecked(copyFrom(index, checked, editable, ids));
      void message.info(T.copied(other?.name ?? otherId));
    } catch {
      /* toasted by the transport */
    } finally {
      setCopying(false);
    }
  };

  const titleRender = (node: TreeDataNode) =>
    node.disableCheckbox && !readOnly ? (
      <Tooltip title={T.lockedHint}>
        <span>
          {String(node.title)}{' '}
          <LockOutlined aria-label={T.lockedHint} style={{ color: 'rgba(0,0,0,0.35)' }} />
        </span>
      </Tooltip>
    ) : (
      <span>{String(node.title)}</span>
    );

  return (
    <>
      {readOnly ? null : (
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            style={{ width: 220 }}
            placeholder={T.copyFrom}
            aria-label={T.copyFrom}
            value={null}
            loading={copying}
            options={otherRoles.filter((r) => r.id !== roleId).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(id: string) => void onCopy(id)}
          />
          <Button disabled={!dirty} onClick={() => setChecked(baseline)}>
            {T.reset}
          </Button>
          <Access code={POWER.powerSave}>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => void onSave()}>
              {T.save}
            </Button>
          </Access>
          {dirty ? <Tag color="warning">{T.unsaved}</Tag> : null}
        </Space>
      )}
      <Tabs
        items={groups.map((group) => {
          const count = countIn(index, group.roots, checked);
          return {
            key: group.key,
            label: `${group.name} ${T.count(count.checked, count.total)}`,
            children: (
              <Tree
                checkable
                checkStrictly
                selectable={false}
                defaultExpandAll
                treeData={toTreeData(group.roots, editable)}
                checkedKeys={[...checked]}
                titleRender={titleRender}
                onCheck={(_, info) =>
                  setChecked(toggle(index, checked, editable, String(info.node.key), info.checked))
                }
              />
            ),
          };
        })}
      />
    </>
  );
}
