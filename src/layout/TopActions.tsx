/**
 * The top bar's actions (SPEC §2): guide flag (manual app only), feedback icon
 * (hidden on renewal, the feedback detail pages and the engine app), the notice
 * bell and the avatar dropdown. Each widget has its own error boundary.
 */
import { FlagOutlined, MessageOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { appForPath, useAccess, useShellPathname } from '@/access';
import { FEEDBACK_DETAIL_PATHS, isWithin, ROUTES } from '@/constants/routes';
import { dialogs } from '@/ui/dialogs';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { SHELL_TEXT } from '@/constants/texts';
import { AvatarMenu } from './AvatarMenu';

export function showsFeedbackIcon(pathname: string): boolean {
  if (isWithin(pathname, ROUTES.renewal)) return false;
  if ((FEEDBACK_DETAIL_PATHS as readonly string[]).includes(pathname)) return false;
  return appForPath(pathname) !== 'engine';
}

/** Feedback is offered (top-bar icon and footer link) here, and never while the tenant is frozen. */
export function useFeedbackOffered(): boolean {
  const pathname = useShellPathname();
  const { isFrozen } = useAccess();
  return showsFeedbackIcon(pathname) && !isFrozen;
}

/** The top bar's actions in their order (SPEC §2); each is offered or not by `useTopActions`. */
export const TOP_ACTION_SLOTS = ['guide', 'feedback', 'notices', 'account'] as const;

export interface TopAction {
  key: (typeof TOP_ACTION_SLOTS)[number];
  node: ReactNode;
}

/**
 * The actions offered on this page, one element each: ProLayout wraps each in its own header
 * item, so every action has its own hover highlight, focus ring and click target (one Tab stop
 * each, in reading order).
 */
export function useTopActions(noticeBell: ReactNode): TopAction[] {
  const pathname = useShellPathname();
  const feedback = useFeedbackOffered();
  const app = appForPath(pathname);
  const actions: TopAction[] = [];
  if (app === 'manual') {
    actions.push({
      key: 'guide',
      node: (
        <Tooltip title={SHELL_TEXT.guide}>
          <button
            type="button"
            className="top-action"
            aria-label={SHELL_TEXT.guide}
            data-testid="guide-flag"
            onClick={() => dialogs.open('guide')}
          >
            <FlagOutlined aria-hidden />
          </button>
        </Tooltip>
      ),
    });
  }
  if (feedback) {
    actions.push({
      key: 'feedback',
      node: (
        <Tooltip title={SHELL_TEXT.feedback}>
          <button
            type="button"
            className="top-action"
            aria-label={SHELL_TEXT.feedback}
            data-testid="feedback-icon"
            onClick={() => dialogs.open('feedback')}
          >
            <MessageOutlined aria-hidden />
          </button>
        </Tooltip>
      ),
    });
  }
  actions.push(
    {
      key: 'notices',
      node: (
        <ErrorBoundary region={SHELL_TEXT.notices} compact>
          {noticeBell}
        </ErrorBoundary>
      ),
    },
    {
      key: 'account',
      node: (
        <ErrorBoundary region={SHELL_TEXT.accountMenu} compact>
          <AvatarMenu />
        </ErrorBoundary>
      ),
    },
  );
  return actions;
}
