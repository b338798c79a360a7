/**
 * Server icon names → icons, through an explicit table: importing the whole icon
 * set (`import * as Icons`) would put every icon in the bundle. Loaded with the side
 * menu (icons.tsx), not with the first load: only the admin area has one.
 */
import {
  AppstoreOutlined,
  BankOutlined,
  KeyOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  AppstoreOutlined: <AppstoreOutlined />,
  BankOutlined: <BankOutlined />,
  KeyOutlined: <KeyOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
  UserSwitchOutlined: <UserSwitchOutlined />,
};

/** An unknown name falls back to a neutral icon rather than nothing. */
export default function MenuIconByName({ name }: { name: string | undefined }) {
  return (name && ICONS[name]) ?? <AppstoreOutlined />;
}
