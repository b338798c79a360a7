/**
 * Development builds against a real back end: a small badge at the bottom right that counts this
 * page's contract violations (the integration gateway's findings) and opens the list — the
 * operation, who broke it, the field, the route the user was on and a command that sends the
 * call again. Production builds contain none of it (main.tsx loads it only when DEV).
 */
import { ApiOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, FloatButton, List, Space, Tag, Typography } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { CONTRACT_FINDINGS_TEXT as TEXT } from '@/constants/texts/dev-tools';
import type { FindingsStore } from './findings-list';

/** `store`: this page's findings, filled from the gateway's feed (index.tsx). */
export function ContractFindingsBadge({ store, upstream }: { store: FindingsStore; upstream: string }) {
  const findings = useSyncExternalStore(store.subscribe, store.snapshot);
  const [open, setOpen] = useState(false);

  const count = findings.length;
  return (
    <>
      <FloatButton
        icon={<ApiOutlined />}
        type={count ? 'primary' : 'default'}
        badge={{ count, overflowCount: 99 }}
        tooltip={TEXT.badgeTitle(count)}
        aria-label={TEXT.badgeTitle(count)}
        data-testid="contract-findings-badge"
        style={{ insetInlineEnd: 16, insetBlockEnd: 72 }}
        onClick={() => setOpen(true)}
      />
      <Drawer
        title={TEXT.drawerTitle}
        open={open}
        onClose={() => setOpen(false)}
        width={520}
        extra={
          <Button size="small" onClick={() => store.clear()} disabled={!count}>
            {TEXT.clear}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          {TEXT.upstream}：{upstream}
        </Typography.Paragraph>
        <List
          dataSource={findings}
          locale={{ emptyText: TEXT.empty }}
          renderItem={(finding) => (
            <List.Item key={finding.key} data-testid="contract-finding">
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong code>
                    {finding.operationId}
                  </Typography.Text>
                  <Tag color={finding.side === 'server' ? 'red' : 'orange'}>{TEXT.side[finding.side]}</Tag>
                  <Tag>{finding.kind}</Tag>
                  {finding.occurrences > 1 ? <Tag>×{finding.occurrences}</Tag> : null}
                </Space>
                <Typography.Text>{finding.message}</Typography.Text>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    ...(finding.field ? [{ key: 'field', label: TEXT.field, children: finding.field }] : []),
                    { key: 'route', label: TEXT.route, children: finding.route },
                    { key: 'expected', label: TEXT.expected, children: finding.expected },
                    {
                      key: 'time',
                      label: TEXT.time,
                      children: new Date(finding.time).toLocaleTimeString('zh-CN', { hour12: false }),
                    },
                    {
                      key: 'curl',
                      label: TEXT.reproduce,
                      children: (
                        <Typography.Text
                          copyable
                          ellipsis={{ tooltip: finding.curl }}
                          style={{ maxWidth: 360 }}
                        >
                          {finding.curl}
                        </Typography.Text>
                      ),
                    },
                  ]}
                />
              </Space>
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
