/**
 * The shell's dialogs and drawer, each loaded only when first opened (they are
 * not in the first load) and each inside its own error boundary.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useDialog, type ShellDialog } from '@/ui/dialogs';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { LogoutConfirm } from './LogoutConfirm';

type DialogComponent = ComponentType<{ open: boolean; onClose: () => void }>;

const FeedbackDialog = lazy(() => import('@/features/feedback/FeedbackDialog'));
const NoticeDrawer = lazy(() => import('@/features/notices/NoticeDrawer'));
const AvatarDialog = lazy(() => import('@/features/user-center/AvatarDialog'));
const InviteDialog = lazy(() => import('@/features/tenant/InviteDialog'));

function LazyDialog({ name, region, component: Component }: { name: ShellDialog; region: string; component: LazyExoticComponent<DialogComponent> }) {
  const { open, hide } = useDialog(name);
  // Once loaded, stay mounted so closing animates and drafts survive.
  const [loaded, setLoaded] = useState(open);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded) return null;
  return (
    <ErrorBoundary region={region}>
      <Suspense fallback={null}>
        <Component open={open} onClose={hide} />
      </Suspense>
    </ErrorBoundary>
  );
}

export function ShellDialogs() {
  return (
    <>
      <LazyDialog name="feedback" region="意见反馈" component={FeedbackDialog} />
      <LazyDialog name="notices" region="消息通知" component={NoticeDrawer} />
      <LazyDialog name="avatar" region="头像设置" component={AvatarDialog} />
      <LazyDialog name="invite" region="邀请成员" component={InviteDialog} />
      <LogoutConfirm />
    </>
  );
}
