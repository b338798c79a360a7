/**
 * A notice's scene icon: an http(s) image URL is shown as an image; an icon name
 * maps through an explicit table of imported icons (never the whole icon set).
 */
import {
  ApartmentOutlined,
  BookOutlined,
  BulbOutlined,
  DesktopOutlined,
  NotificationOutlined,
} from '@ant-design/icons';
import { Avatar } from 'antd';
import type { ReactNode } from 'react';
import { safeExternalLink } from '@/ui/safe-url';

const SCENE_ICONS: Record<string, ReactNode> = {
  'icon-workbench': <DesktopOutlined />,
  'icon-manual': <BookOutlined />,
  'icon-product': <BulbOutlined />,
  'icon-channel': <ApartmentOutlined />,
};

const FALLBACK_ICON = <NotificationOutlined />;

function sceneIconFor(name: string): ReactNode {
  return SCENE_ICONS[name] ?? FALLBACK_ICON;
}

export function SceneIcon({ sceneIcon, appName }: { sceneIcon: string; appName: string }) {
  const src = safeExternalLink(sceneIcon);
  if (src) {
    // An image that fails to load falls back to the neutral icon.
    return (
      <Avatar
        className="notice-scene-icon"
        shape="square"
        size={32}
        src={src}
        alt={appName}
        icon={FALLBACK_ICON}
      />
    );
  }
  return (
    <Avatar
      className="notice-scene-icon"
      shape="square"
      size={32}
      icon={sceneIconFor(sceneIcon)}
      aria-hidden="true"
      data-icon={sceneIcon}
    />
  );
}
