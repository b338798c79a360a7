/**
 * The shell's dialogs and drawer, each loaded only when first opened (they are
 * not in the first load) and each inside its own error boundary.
 */
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useAccess } from '@/access';
import { guideFacts, needsGuide } from '@/features/guide/needs-guide';
import { useSession } from '@/session/bootstrap';
import { useDialog, type ShellDialog } from '@/ui/dialogs';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { LogoutConfirm } from '@/layout/LogoutConfirm';
import { SHELL_TEXT } from '@/constants/texts';

type DialogComponent = ComponentType<{ open: boolean; onClose: () => void }>;

const FeedbackDialog = lazy(() => import('@/features/feedback/FeedbackDialog'));
const NoticeDrawer = lazy(() => import('@/features/notices/NoticeDrawer'));
const AvatarDialog = lazy(() => import('@/features/user-center/AvatarDialog'));
const InviteDialog = lazy(() => import('@/features/tenant/InviteDialog'));
const GuideFlow = lazy(() => import('@/features/guide/GuideFlow'));

function LazyDialog({
  name,
  region,
  component: Component,
  preload = false,
}: {
  name: ShellDialog;
  region: string;
  component: LazyExoticComponent<DialogComponent>;
  /** Load now even though the dialog is closed (the guide starts by itself). */
  preload?: boolean;
}) {
  const { open, hide } = useDialog(name);
  // Once loaded, stay mounted so closing animates and drafts survive.
  // (Set during render, React's way to derive state from props: no extra effect pass.)
  const [loaded, setLoaded] = useState(open || preload);
  if ((open || preload) && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <ErrorBoundary region={region}>
      <Suspense fallback={null}>
        <Component open={open} onClose={hide} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The guide's chunk loads only for a user who needs it (guide 1 not done, or
 * guide 2 for the owner of an enterprise; not in a frozen tenant, which shows
 * only renewal) or when the guide flag / footer link opens dialog 'guide'.
 */
function useNeedsGuide(): boolean {
  const { config, isPersonal } = useSession();
  const { isFrozen } = useAccess();
  return !isFrozen && needsGuide(guideFacts(config, isPersonal));
}

export function ShellDialogs() {
  const guideNeeded = useNeedsGuide();
  return (
    <>
      <LazyDialog name="feedback" region={SHELL_TEXT.regions.feedback} component={FeedbackDialog} />
      <LazyDialog name="notices" region={SHELL_TEXT.regions.notices} component={NoticeDrawer} />
      <LazyDialog name="avatar" region={SHELL_TEXT.regions.avatar} component={AvatarDialog} />
      <LazyDialog name="invite" region={SHELL_TEXT.regions.invite} component={InviteDialog} />
      <LazyDialog
        name="guide"
        region={SHELL_TEXT.regions.guide}
        component={GuideFlow}
        preload={guideNeeded}
      />
      <LogoutConfirm />
    </>
  );
}
