/** Images the app ships, so nothing a page needs to show depends on another host. */
import defaultAvatar from './assets/default-avatar.svg';
import imageFallback from './assets/image-fallback.svg';

/** What an image that failed to load shows instead (antd `Image`'s `fallback`). */
export const IMAGE_FALLBACK: string = imageFallback;

/** The default avatar: what a user without one, or with the contract's default, shows. */
export const DEFAULT_AVATAR: string = defaultAvatar;
