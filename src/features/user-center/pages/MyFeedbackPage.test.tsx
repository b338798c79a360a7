import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@/constants/routes';
import { getListFeedbackQueryKey } from '@generated/workbench/workbench';
import { configureTransport } from '@/api/transport';
import { makeSession, newQueryClient, renderWithShell } from '../../../../tests/setup/render';
import { FIRST_MY_FEEDBACK_PAGE, prefetchMyFeedback } from '../first-data';
import { recordJson, setupMockServer, type Recorded } from '../test-server';
import MyFeedbackPage from './MyFeedbackPage';

const server = setupMockServer();
const page = {
  rows: [
    {
      id: 'fb-5002',
      kind: 'question',
      title: '上传手册时图片无法预览',
      created_at: new Date(2024, 5, 2, 14, 5, 11).getTime(),
    },
    {
      id: 'fb-5001',
      kind: 'activity',
      title: '体验官反馈',
      created_at: new Date(2024, 4, 28, 10, 12, 45).getTime(),
    },
  ],
  total: 2,
};
let calls: Recorded[];
beforeEach(() => {
  calls = [];
  server.use(recordJson(calls, 'post', '/feedback/v1/list', page));
});

describe('my feedback', () => {
  it('lists the feedback (POST /feedback/v1/list) with links to the detail pages', async () => {
    renderWithShell(<MyFeedbackPage />, { path: ROUTES.userCenter.myFeedback });
    expect(await screen.findByRole('link', { name: '上传手册时图片无法预览' })).toHaveAttribute(
      'href',
      '/question-feedback-detail?id=fb-5002',
    );
    expect(screen.getByRole('link', { name: '体验官反馈' })).toHaveAttribute(
      'href',
      '/active-feedback-detail?id=fb-5001',
    );
    expect(screen.getByText('2024-06-02 14:05:11')).toBeInTheDocument();
    expect(screen.getByText('问题反馈', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/feedback/v1/list',
      body: { index: 1, page_size: 10 },
    });
  });

  it('shows the list its load fetched with the shell without asking again; a later visit asks again', async () => {
    const queryClient = newQueryClient();
    configureTransport({ baseUrl: window.location.origin, getToken: () => 'test-token', timeoutMs: 5_000 });
    // As a load that starts on the page does, once the user config answered (src/app/pages.ts).
    prefetchMyFeedback(queryClient);
    // Answered before the page mounts (a mount during the fetch would share it either way).
    const key = getListFeedbackQueryKey(FIRST_MY_FEEDBACK_PAGE);
    await waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('success'));
    expect(calls).toHaveLength(1);
    const options = { queryClient, path: ROUTES.userCenter.myFeedback };
    const first = renderWithShell(<MyFeedbackPage />, options);
    expect(await screen.findByRole('link', { name: '体验官反馈' })).toBeInTheDocument();
    // Not fetching again (a refetch on mount would be under way now), and nothing was sent.
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(1);
    first.unmount();
    renderWithShell(<MyFeedbackPage />, options);
    await screen.findByRole('link', { name: '体验官反馈' });
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('filters by kind', async () => {
    const user = userEvent.setup();
    renderWithShell(<MyFeedbackPage />, { path: ROUTES.userCenter.myFeedback });
    await screen.findByRole('link', { name: '体验官反馈' });
    await user.click(screen.getByText('问题反馈', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ index: 1, page_size: 10, kind: 'question' }));
  });

  it('shows the empty state', async () => {
    server.use(recordJson(calls, 'post', '/feedback/v1/list', { rows: [], total: 0 }));
    renderWithShell(<MyFeedbackPage />, { path: ROUTES.userCenter.myFeedback });
    expect(await screen.findByText('暂无反馈')).toBeInTheDocument();
  });

  it('does not link to detail pages a frozen tenant cannot open', async () => {
    renderWithShell(<MyFeedbackPage />, {
      path: ROUTES.userCenter.myFeedback,
      session: makeSession({ config: { last_login_tenant_is_disable: true } }),
    });
    expect(await screen.findByText('体验官反馈')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '体验官反馈' })).not.toBeInTheDocument();
  });
});
