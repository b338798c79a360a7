/**
 * What a page of the management back-end renders from antd and ProComponents beyond the shell's
 * first screen (./shell-sample.tsx), inside the same providers: ProLayout's side menu (antd's
 * Menu), the pages' card and title, ProTable with its toolbar, selection and pagination, the
 * description list, tags, the search box, the rows' confirmations. Their styles ship as a second file that only a load
 * starting on a back-end page applies (./plugin.ts). A component missing here still works:
 * its styles are generated at run time.
 */
import { ProTable } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Input, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { ShellSample } from './shell-sample';

const SIDE_MENU = {
  path: '/',
  children: [
    { path: '/manage/members', name: '-' },
    { path: '/manage/group', name: '-', children: [{ path: '/manage/group/a', name: '-' }] },
  ],
};

interface Row {
  id: string;
  name: string;
}

export function BackEndSample() {
  return (
    <ShellSample
      layout={{ route: SIDE_MENU, menuRender: undefined, location: { pathname: '/manage/members' } }}
    >
      <Card variant="borderless">
        <Typography.Title level={4}>-</Typography.Title>
        <Typography.Text type="secondary">-</Typography.Text>
        <ProTable<Row>
          rowKey="id"
          search={false}
          ghost
          columns={[
            { title: '-', dataIndex: 'name' },
            {
              title: '-',
              valueType: 'option',
              render: () => [
                <Popconfirm key="a" title="-">
                  <Button type="link" size="small" danger />
                </Popconfirm>,
              ],
            },
          ]}
          dataSource={[{ id: '1', name: '-' }]}
          options={{ reload: () => {}, density: false, setting: false }}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          rowSelection={{ selectedRowKeys: ['1'] }}
          tableAlertRender={() => '-'}
          toolBarRender={() => [<Input.Search key="search" allowClear />, <Button key="b" type="primary" />]}
        />
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          size="middle"
          items={[{ label: '-', children: '-' }]}
        />
        <Space wrap>
          <Tag color="gold">-</Tag>
          <Tag color="error">-</Tag>
          <Tag>-</Tag>
        </Space>
        <Skeleton active />
      </Card>
    </ShellSample>
  );
}
