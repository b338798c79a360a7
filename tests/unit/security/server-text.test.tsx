/**
 * Server text is text: a notice, a feedback or a name that holds markup shows that
 * markup literally, nothing is parsed into elements, and no handler in it runs.
 * (Raw-HTML sinks are absent from src altogether: see no-raw-html.test.ts.)
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '@generated/message/model';
import QuestionFeedbackDetailPage from '@/features/feedback/pages/QuestionFeedbackDetailPage';
import { NoticeItem } from '@/features/notices/NoticeItem';
import { AvatarMenu } from '@/layout/AvatarMenu';
import { makeSession, renderWithShell } from '../../setup/render';

const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const pwned = () => (window as unknown as { __pwned?: number }).__pwned;

/** No element the payload names may appear anywhere in the document. */
function expectNoInjectedElements() {
  expect(document.querySelector('img[src="x"], img[onerror], script')).toBeNull();
  expect(pwned()).toBeUndefined();
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => delete (window as unknown as { __pwned?: number }).__pwned);

describe('markup from the server is shown as text', () => {
  it('in a notice: title, content and app name; a javascript: url gives no link', () => {
    const notice: Notice = {
      gid: 'n-x',
      isRead: 0,
      sceneIcon: 'javascript:alert(1)',
      appName: `App ${PAYLOAD}`,
      appId: 'A0001',
      scene_no: null,
      msgTitle: `Title ${PAYLOAD}`,
      msgContent: `Content ${PAYLOAD}`,
      createTime: Date.UTC(2024, 4, 28),
      url: 'javascript:window.__pwned=3',
    };
    renderWithShell(
      <ul>
        <NoticeItem notice={notice} onMarkRead={() => {}} />
      </ul>,
    );
    const item = screen.getByTestId('notice-item');
    expect(within(item).getByText(`Title ${PAYLOAD}`)).toBeInTheDocument();
    expect(within(item).getByText(`Content ${PAYLOAD}`)).toBeInTheDocument();
    expect(within(item).getByText(`App ${PAYLOAD}`)).toBeInTheDocument();
    expect(within(item).queryByRole('link')).toBeNull();
    expect(item.querySelector('[href^="javascript"], [src^="javascript"]')).toBeNull();
    expectNoInjectedElements();
  });

  it('in a question feedback: name, email and description; a data: image is dropped', async () => {
    server.use(
      http.get(`${window.location.origin}/api/workbench/feedback/v1/question/:id`, () =>
        HttpResponse.json({
          code: 0,
          msg: 'success',
          data: {
            id: 'fb-x',
            created_at: Date.UTC(2024, 4, 28),
            experiencer_name: PAYLOAD,
            experiencer_email: `a@b.cn${PAYLOAD}`,
            description: `描述 ${PAYLOAD}`,
            image_urls: [
              'data:image/svg+xml,<svg onload="window.__pwned=4"/>',
              'javascript:window.__pwned=5',
            ],
          },
        }),
      ),
    );
    renderWithShell(<QuestionFeedbackDetailPage />, { path: '/question-feedback-detail?id=fb-x' });
    expect(await screen.findByText(`描述 ${PAYLOAD}`)).toBeInTheDocument();
    expect(screen.getByText(PAYLOAD)).toBeInTheDocument();
    expect(screen.getByText(`a@b.cn${PAYLOAD}`)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expectNoInjectedElements();
  });

  it('in the avatar menu: the user name and the enterprise name', async () => {
    const session = makeSession({
      config: { last_login_tenant_link: 't-ent-x', last_login_tenant_name: '<b>企业</b>', tenant_total: 2 },
      info: { user_name: '<br>名字' },
    });
    renderWithShell(<AvatarMenu />, { session });
    await userEvent.click(screen.getByRole('button', { name: '账号菜单' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('<br>名字')).toBeInTheDocument();
    expect(within(menu).getByText('<b>企业</b>')).toBeInTheDocument();
    expect(menu.querySelector('b, br')).toBeNull();
  });
});
