/** Signed out → the SSO authorize page. A token in the URL is accepted first. */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { acceptTokenFromUrl, isLeaving, redirectToSignIn } from '@/session/sso';
import { getToken, subscribeStorage } from '@/session/storage';
import { FullScreenLoading } from '@/ui/FullScreenLoading';

export function RequireSession({ children }: { children: ReactNode }) {
  acceptTokenFromUrl();
  const token = useSyncExternalStore(subscribeStorage, getToken);
  useEffect(() => {
    if (!token) redirectToSignIn();
  }, [token]);
  if (!token) return <FullScreenLoading tip={isLeaving() ? '正在退出…' : '正在跳转到登录…'} />;
  return <>{children}</>;
}
