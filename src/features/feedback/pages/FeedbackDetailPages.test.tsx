import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeTo } from '@/constants/routes';
import { getGetQuestionFeedbackQueryKey } from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { configureTransport } from '@/api/transport';
import { makeSession, newQueryClient, renderWithShell } from '../../../../tests/setup/render';
import { prefetchFeedback } from '../first-data';
import ActiveFeedbackDetailPage from './ActiveFeedbackDetailPage';
import QuestionFeedbackDetailPage from './QuestionFeedbackDetailPage';

const api = (path: string) => `${window.location.origin}/api/workbench${path}`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'success', data });

describe('activity feedback detail', () => {
  it('shows the feedback of ?id=, with ratings as words and the time formatted', async () => {
    let asked = '';
    server.use(
      http.get(api('/feedback/v1/activity/:id'), ({ params }) => {
        asked = String(params.id);
        return ok({
          id: 'fb-5001',
          created_at: new Date(2024, 4, 28, 10, 12, 45).getTime(),
          experiencer_name: '林小雀',
          experiencer_email: 'lin@example.com',
          use_experience: 1,
          manual_effect: 2,
          product_advantage: '模板丰富\n上手快',
          product_shortage: '<b>偶尔卡顿</b>',
          suggestion: '增加导出',
        });
      }),
    );
    renderWithShell(<ActiveFeedbackDetailPage />, { path: routeTo.feedbackDetail('activity', 'fb-5001') });
    expect(await screen.findByText('林小雀')).toBeInTheDocument();
    expect(asked).toBe('fb-5001');
    expect(screen.getByText('好')).toBeInTheDocument();
    expect(screen.getByText('一般')).toBeInTheDocument();
    expect(screen.getByText('2024-05-28 10:12:45')).toBeInTheDocument();
    // server text is text: the markup shows literally, nothing is parsed
    expect(screen.getByText('<b>偶尔卡顿</b>')).toBeInTheDocument();
    expect(document.querySelector('.page-frame b')).toBeNull();
    expect(screen.getByText(/模板丰富/).textContent).toBe('模板丰富\n上手快');
  });

  it('says so when the link has no id', async () => {
    renderWithShell(<ActiveFeedbackDetailPage />, { path: ROUTES.activityFeedbackDetail });
    expect(await screen.findByText('链接中缺少反馈编号')).toBeInTheDocument();
  });

  it('shows not-found for a 404', async () => {
    server.use(
      http.get(api('/feedback/v1/activity/:id'), () =>
        HttpResponse.json({ code: 404, msg: '反馈不存在', data: null }, { status: 404 }),
      ),
    );
    renderWithShell(<ActiveFeedbackDetailPage />, { path: routeTo.feedbackDetail('activity', 'nope') });
    expect(await screen.findByText('未找到这条反馈')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回我的反馈/ })).toBeInTheDocument();
  });
});

describe('question feedback detail', () => {
  it('shows the description and the http(s) images only', async () => {
    server.use(
      http.get(api('/feedback/v1/question/:id'), () =>
        ok({
          id: 'fb-5002',
          created_at: 1717308311000,
          experiencer_name: '林小雀',
          experiencer_email: 'lin@example.com',
          description: '图片无法预览',
          image_urls: ['https://cdn.example.com/1.png', 'javascript:alert(1)'],
        }),
      ),
    );
    renderWithShell(<QuestionFeedbackDetailPage />, { path: routeTo.feedbackDetail('question', 'fb-5002') });
    expect(await screen.findByText('图片无法预览')).toBeInTheDocument();
    const images = screen.getAllByRole('img').filter((img) => img.tagName === 'IMG');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['https://cdn.example.com/1.png']);
  });

  it('from a notice link: shows what its load asked for with the shell, without asking again', async () => {
    let calls = 0;
    server.use(
      http.get(api('/feedback/v1/question/:id'), () => {
        calls += 1;
        return ok({
          id: 'fb-7',
          created_at: 1,
          experiencer_name: '乙',
          experiencer_email: 'b@c.cn',
          description: '提前取到的反馈',
          image_urls: [],
        });
      }),
    );
    const path = routeTo.feedbackDetail('question', 'fb-7');
    const queryClient = newQueryClient();
    configureTransport({ baseUrl: window.location.origin, getToken: () => 'test-token', timeoutMs: 5_000 });
    // As the load does once the user config answered (src/app/pages.ts).
    const config: UserConfig = makeSession().config;
    prefetchFeedback('question')(queryClient, config, new URL(path, window.location.origin));
    await waitFor(() => expect(calls).toBe(1));
    const first = renderWithShell(<QuestionFeedbackDetailPage />, { path, queryClient });
    expect(await screen.findByText('提前取到的反馈')).toBeInTheDocument();
    // Not fetching again (a refetch on mount would be under way now), and nothing was sent.
    expect(queryClient.getQueryState(getGetQuestionFeedbackQueryKey('fb-7'))?.fetchStatus).toBe('idle');
    expect(calls).toBe(1);
    first.unmount();
    // Opened again later: asked again, as before.
    renderWithShell(<QuestionFeedbackDetailPage />, { path, queryClient });
    await screen.findByText('提前取到的反馈');
    await waitFor(() => expect(calls).toBe(2));
  });

  it('offers a retry after a failure and shows the feedback once it loads', async () => {
    let calls = 0;
    server.use(
      http.get(api('/feedback/v1/question/:id'), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ code: 5000, msg: '服务繁忙', data: null });
        return ok({
          id: 'fb-5',
          created_at: 1,
          experiencer_name: '甲',
          experiencer_email: 'a@b.cn',
          description: '第二次好了',
          image_urls: [],
        });
      }),
    );
    renderWithShell(<QuestionFeedbackDetailPage />, { path: routeTo.feedbackDetail('question', 'fb-5') });
    expect(await screen.findByText('反馈加载失败')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByText('第二次好了')).toBeInTheDocument());
    expect(screen.getByText('无')).toBeInTheDocument();
  });
});
