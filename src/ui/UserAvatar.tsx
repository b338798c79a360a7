/**
 * A user's avatar. The contract's default avatar (and an empty one) is drawn from the
 * copy shipped with the app, so no page asks another host for it; an image that fails
 * to load falls back to the user icon.
 */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, type AvatarProps } from 'antd';
import { config } from '@/config/env';
import { DEFAULT_AVATAR } from './images';

/** What an `avatar_url` shows: the shipped default for none or the contract's default. */
export function avatarSrc(url: string | null | undefined): string {
  return !url || url === config.defaultAvatarUrl ? DEFAULT_AVATAR : url;
}

export function UserAvatar({
  url,
  ...props
}: { url: string | null | undefined } & Omit<AvatarProps, 'src' | 'icon'>) {
  return <Avatar alt="" {...props} src={avatarSrc(url)} icon={<UserOutlined />} />;
}
