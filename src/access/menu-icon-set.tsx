/**
 * Server icon names → icons, through an explicit table: importing the whole icon
 * set (`import * as Icons`) would put every icon in the bundle.
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
export function menuIcon(name: string | undefined): ReactNode {
  return (name && ICONS[name]) ?? <AppstoreOutlined />;
}
