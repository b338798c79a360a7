/**
 * What the user centre's pages (src/features/user-center) render from antd beyond the shell's
 * first screen (./shell-sample.tsx), inside the same providers, as the pages first show: the
 * left column's menu (in PAGE_MENU_THEME) and its avatar's popover,
 * the basic information's description list, the lists of the account, enterprise and
 * third-party pages, my feedback's Segmented switch. Their styles ship as a file that only a load starting
 * on a user centre page applies (./plugin.ts). What is shown later (the name's form, my
 * feedback's table) is not here: the file is parsed on every such load, and its size is paid
 * for there. A component missing here still works: its styles are generated at run time.
 */
import {
  Avatar,
  Button,
  ConfigProvider,
  Descriptions,
  List,
  Menu,
  Popover,
  Segmented,
  Skeleton,
  Space,
  Tag,
} from 'antd';
import { PAGE_MENU_THEME } from '../../src/ui/theme';
import { ShellSample } from './shell-sample';

export function UserCenterSample() {
  return (
    <ShellSample>
      <ConfigProvider theme={PAGE_MENU_THEME}>
        <Menu mode="inline" selectedKeys={['a']} items={[{ key: 'a', label: '-' }]} />
      </ConfigProvider>
      <Popover open content="-">
        <Button type="link" />
      </Popover>
      <div className="page-frame">
        <Descriptions column={1} items={[{ label: '-', children: '-' }]} />
        <List
          dataSource={['-']}
          renderItem={(item) => (
            <List.Item actions={[<Button key="a" type="link" />]}>
              <List.Item.Meta avatar={<Avatar />} title={item} description={<Tag>-</Tag>} />
            </List.Item>
          )}
        />
        <Skeleton active />
        <Space wrap>
          <Button />
          <Tag color="blue">-</Tag>
          <Tag color="success">-</Tag>
          <Segmented options={['-', '+']} />
        </Space>
      </div>
    </ShellSample>
  );
}
