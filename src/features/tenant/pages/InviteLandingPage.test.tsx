/**
 * /link/{data}: bad links never crash and offer the way home; a good one shows
 * who invites to which enterprise (or that it expired) and joins it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import type { InviteLinkInfo } from '@generated/workbench/model';
import { navigation } from '@/ui/navigation';
import { ROUTES, routeTo } from '@/constants/routes';
import { renderWithShell } from '../../../../tests/setup/render';
import InviteLandingPage from './InviteLandingPage';

const origin = window.location.origin;
const api = (path: string) => `${origin}/api/workbench${path}`;
const server = setupServer();

/** The contract's example code (packages/contracts/openapi/workbench.yaml createInviteLink). */
const CODE =
  'eyJ0ZW5hbnRfbGluayI6InQtZW50LTIwMDEiLCJ0ZW5hbnRfbmFtZSI6IuWNjuS4nOaZuuiDveWItumAoOS-m-W6lOmTvuWNj-WQjOWIm-aWsOS4reW_g-aciemZkOWFrOWPuCIsImludml0ZV9jb2RlIjoiSzdQMlFYIn0';
const INFO: InviteLinkInfo = {
  tenant_link: 't-ent-2001',
  tenant_name: '华东智能制造供应链协同创新中心有限公司',
  inviter_name: '欧阳明远',
  expired: false,
};

let lookups: string[] = [];
let accepted: string[] = [];
let recorded: unknown[] = [];
let assign: MockInstance<(url: string) => void>;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  lookups = [];
  accepted = [];
  recorded = [];
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function setup(data: string, info: InviteLinkInfo = INFO) {
  server.use(
    http.get(api('/member/v1/invite/user/link'), ({ request }) => {
      lookups.push(new URL(request.url).searchParams.get('code') ?? '');
      return HttpResponse.json({ code: 0, msg: 'success', data: info });
    }),
    http.post(api('/member/v1/invite/user/invite'), ({ request }) => {
      accepted.push(new URL(request.url).searchParams.get('code') ?? '');
      return HttpResponse.json({
        code: 0,
        msg: 'success',
        data: { tenant_link: info.tenant_link, tenant_name: info.tenant_name },
      });
    }),
    http.post(api('/userconfig/v2/lastlogin/tenant'), async ({ request }) => {
      recorded.push(await request.json());
      return HttpResponse.json({ code: 0, msg: 'success', data: null });
    }),
  );
  renderWithShell(<InviteLandingPage />, { path: `/link/${data}`, route: ROUTES.invite });
  return userEvent.setup();
}

describe('invite landing', () => {
  it('shows who invites to which enterprise, then joins, records it and opens the workbench', async () => {
    const user = setup(CODE);
    expect(
      await screen.findByText(
        '欧阳明远 邀请您加入「华东智能制造供应链协同创新中心有限公司」',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(lookups).toEqual([CODE]);
    await user.click(screen.getByRole('button', { name: '加入企业' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(accepted).toEqual([CODE]);
    expect(recorded).toEqual([
      { tenant_link: 't-ent-2001', tenant_name: '华东智能制造供应链协同创新中心有限公司' },
    ]);
  });

  it('says an expired link has expired, with no way to join', async () => {
    setup(CODE, { ...INFO, expired: true });
    expect(await screen.findByText('邀请链接已失效', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加入企业' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  const bad: [string, string][] = [
    ['a space in it', 'abc%20def'],
    ['a control character', 'abc%07def'],
    ['an over-long code', 'x'.repeat(2049)],
  ];
  for (const [name, data] of bad) {
    it(`a link with ${name} says it is invalid, offers the way home and asks the server nothing`, async () => {
      setup(data);
      expect(await screen.findByText('邀请链接无效或已损坏')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('button', { name: '加入企业' })).toBeNull();
      expect(lookups).toEqual([]);
    });
  }

  it('a code the server does not know is an invalid link, with the way home and no way to join', async () => {
    server.use(
      http.get(api('/member/v1/invite/user/link'), () =>
        HttpResponse.json({ code: 400, msg: '邀请链接无效', data: null }, { status: 400 }),
      ),
    );
    renderWithShell(<InviteLandingPage />, { path: routeTo.invite('unknown-code'), route: ROUTES.invite });
    expect(await screen.findByText('邀请链接无效或已损坏', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: '加入企业' })).toBeNull();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
  });

  it('a code in a format of its own is passed to the server as it is, and the answer is shown', async () => {
    const opaque = 'inv.2024.K7P2QX~a';
    const user = setup(opaque);
    expect(
      await screen.findByText(/欧阳明远.*华东智能制造供应链协同创新中心有限公司/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(lookups).toEqual([opaque]);
    await user.click(screen.getByRole('button', { name: '加入企业' }));
    await waitFor(() => expect(accepted).toEqual([opaque]));
  });
});
