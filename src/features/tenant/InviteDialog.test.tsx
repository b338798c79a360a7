/**
 * The invite-members dialog: the generated link (prefix + code, is_insert on
 * first open), the refresh timing (the icon spins for 1 s, then a new link
 * without inserting), copying, and inviting by phone. Network mocked with MSW.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserConfig } from '@generated/workbench/model';
import { config as env } from '@/config/env';
import { REFRESH_SPIN_MS } from '@/constants/limits';
import { readItem } from '@/session/storage';
import { makeSession, renderWithShell } from '../../../tests/setup/render';
import InviteDialog from './InviteDialog';

const origin = window.location.origin;
const server = setupServer();
const CODES = ['eyJhIjoiZmlyc3QifQ', 'eyJhIjoic2Vjb25kIn0', 'eyJhIjoidGhpcmQifQ'];

let linkBodies: unknown[] = [];
let phoneInvites: Record<string, string>[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const ownerConfig: Partial<UserConfig> = {
  last_login_tenant_name: '华东智能制造供应链协同创新中心有限公司',
  last_login_tenant_link: 't-ent-2001',
  tenant_total: 3,
  is_owner: true,
};

function setup({
  config = ownerConfig,
  failFirst = false,
}: { config?: Partial<UserConfig>; failFirst?: boolean } = {}) {
  linkBodies = [];
  phoneInvites = [];
  server.use(
    http.post(`${origin}/api/workbench/member/v1/invite/link`, async ({ request }) => {
      linkBodies.push(await request.json());
      if (failFirst && linkBodies.length === 1)
        return HttpResponse.json({ code: 500, msg: '服务繁忙', data: null });
      return HttpResponse.json({
        code: 0,
        msg: 'success',
        data: CODES[(linkBodies.length - 1) % CODES.length],
      });
    }),
    http.post(`${origin}/api/workbench/member/v1/invite/user/`, ({ request }) => {
      phoneInvites.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ code: 0, msg: 'success', data: null });
    }),
  );
  const onClose = vi.fn();
  const errors: string[] = [];
  renderWithShell(<InviteDialog open onClose={onClose} />, {
    session: makeSession({ config }),
    onError: (m) => errors.push(m),
  });
  return { onClose, errors };
}

const linkInput = () => screen.getByRole('textbox', { name: '邀请链接' });
const refreshButton = () => screen.getByRole('button', { name: '刷新链接' });
const isSpinning = () => !!refreshButton().querySelector('.anticon-spin');

async function linkShown(code: string) {
  await waitFor(() => expect(linkInput()).toHaveValue(env.inviteLinkPrefix + code), { timeout: 5_000 });
}

describe('invite link', () => {
  it('is the share-link prefix plus the code created with is_insert on first open, and is stored', async () => {
    setup();
    expect(await screen.findByRole('tab', { name: '邀请链接' })).toHaveAttribute('aria-selected', 'true');
    await linkShown(CODES[0]!);
    expect(linkBodies).toEqual([{ is_insert: true }]);
    expect(readItem('inviteUrl')).toBe(env.inviteLinkPrefix + CODES[0]);
  });

  it('refresh spins the icon for 1 s, then asks for a new link without inserting', async () => {
    setup();
    await linkShown(CODES[0]!);
    vi.useFakeTimers();
    fireEvent.click(refreshButton());
    expect(isSpinning()).toBe(true);
    expect(refreshButton()).toBeDisabled(); // no second refresh while spinning

    act(() => vi.advanceTimersByTime(REFRESH_SPIN_MS - 1));
    expect(isSpinning()).toBe(true);
    expect(linkBodies).toEqual([{ is_insert: true }]);

    act(() => vi.advanceTimersByTime(1));
    expect(isSpinning()).toBe(false);
    vi.useRealTimers();
    await linkShown(CODES[1]!);
    expect(linkBodies).toEqual([{ is_insert: true }, { is_insert: false }]);
    expect(readItem('inviteUrl')).toBe(env.inviteLinkPrefix + CODES[1]);
  });

  it('a failed first link says so and retries with is_insert', async () => {
    const { errors } = setup({ failFirst: true });
    expect(await screen.findByText('邀请链接生成失败', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(errors).toEqual(['服务繁忙']); // toasted once, by the transport
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    await linkShown(CODES[1]!);
    expect(linkBodies).toEqual([{ is_insert: true }, { is_insert: true }]);
  });
});

describe('copy', () => {
  it('copies the link with the clipboard API and says 复制成功', async () => {
    setup();
    await linkShown(CODES[0]!);
    const user = userEvent.setup(); // installs its own clipboard: ours goes after it
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: /复制链接/ }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(env.inviteLinkPrefix + CODES[0]);
  });

  it('says 该浏览器不支持自动复制 when the browser has no clipboard API', async () => {
    setup();
    await linkShown(CODES[0]!);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: /复制链接/ }));
    expect(await screen.findByText('该浏览器不支持自动复制')).toBeInTheDocument();
  });

  it('says 该浏览器不支持自动复制 when the browser refuses', async () => {
    setup();
    await linkShown(CODES[0]!);
    const user = userEvent.setup();
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: /复制链接/ }));
    expect(await screen.findByText('该浏览器不支持自动复制')).toBeInTheDocument();
    expect(screen.queryByText('复制成功')).toBeNull();
  });
});

describe('invite by phone', () => {
  it('checks the mobile rule, then invites into the current enterprise', async () => {
    setup();
    await linkShown(CODES[0]!);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: '手机号邀请' }));
    const phone = await screen.findByRole('textbox', { name: '手机号' });
    const send = screen.getByRole('button', { name: /发送邀请/ });

    await user.click(send);
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    await user.type(phone, '12345678901');
    await user.click(send);
    expect(await screen.findByText('请输入正确的手机号码！')).toBeInTheDocument();
    expect(phoneInvites).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '13912345678');
    await user.click(send);
    expect(await screen.findByText('邀请已发送')).toBeInTheDocument();
    expect(phoneInvites).toEqual([{ phone: '13912345678', tenant_link: 't-ent-2001' }]);
    // antd re-mounts a field when the form resets: look it up again.
    await waitFor(() => expect(screen.getByRole('textbox', { name: '手机号' })).toHaveDisplayValue(''));
  });
});

describe('footer', () => {
  it('is 关闭 for an owner who has done the invite guide', async () => {
    const { onClose } = setup();
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is 跳过 while the invite guide is still to do (the guide then shows its end dialog)', async () => {
    const { onClose } = setup({ config: { ...ownerConfig, is_skip_guide_page_2: false } });
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '跳过' }));
    expect(onClose).toHaveBeenCalled();
  });
});
