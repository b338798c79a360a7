import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@/constants/routes';
import { makeSession, renderWithShell } from '../../../../tests/setup/render';
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
