/**
 * What a page of the management back-end renders from antd and ProComponents beyond the shell's
 * first screen (./shell-sample.tsx), inside the same providers: ProLayout's side menu (antd's
 * Menu), a list as src/ui/DataTable.tsx draws it (its toolbar with an
 * inline search form, the selection bar, the table with selection and pagination), the
 * description list, tags, the search box, the rows' confirmations. Their styles ship as a file
 * that only a load starting on a back-end page applies (./plugin.ts). A component missing here
 * still works: its styles are generated at run time.
 */
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
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
      <div className="page-frame">
        <Typography.Text type="secondary">-</Typography.Text>
        <Space wrap>
          <Form layout="inline">
            <Form.Item label="-" name="name">
              <Input allowClear />
            </Form.Item>
          </Form>
          <Input.Search allowClear />
          <Tooltip title="-">
            <Button type="text" />
          </Tooltip>
        </Space>
        <Alert type="info" message="-" action={<Button type="link" size="small" />} />
        <Table<Row>
          rowKey="id"
          columns={[
            { title: '-', dataIndex: 'name' },
            {
              title: '-',
              render: () => (
                <Popconfirm title="-">
                  <Button type="link" size="small" danger />
                </Popconfirm>
              ),
            },
          ]}
          dataSource={[{ id: '1', name: '-' }]}
          pagination={{ pageSize: 1, total: 2, showSizeChanger: true }}
          rowSelection={{ selectedRowKeys: ['1'] }}
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
      </div>
    </ShellSample>
  );
}
