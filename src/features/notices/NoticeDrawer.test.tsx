/**
 * The bell and the drawer as a user meets them: unread icon and count, filters,
 * read states, links, loading/empty/error states. The message service is mocked
 * at the fetch level (MSW) with a little state, so marking read changes later reads.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, useDialog } from '@/ui/dialogs';
import { makeSession, renderWithShell } from '../../../tests/setup/render';
import NoticeDrawer from './NoticeDrawer';
import { NoticeBell } from './NoticeBell';
import { messageService, NOTICES, type MessageServiceState } from './notices.fixtures';

const origin = window.location.origin;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  dialogs.close('notices');
});

function Shell() {
  const { open, hide } = useDialog('notices');
  return (
    <>
      <NoticeBell />
      <NoticeDrawer open={open} onClose={hide} />
    </>
  );
}

function setup(notices = NOTICES): {
  state: MessageServiceState;
  user: ReturnType<typeof userEvent.setup>;
  settled: () => Promise<void>;
} {
  const service = messageService(origin, notices);
  server.use(...service.handlers);
  const { queryClient } = renderWithShell(<Shell />, {
    session: makeSession({ config: { gid: 'u-1001', last_login_tenant_link: 't-ent-2001' } }),
  });
  /**
   * Waits until no list load and no marking is running. What a click or a close starts, it
   * starts at once (a mutation or a refetch counts from its first step), so once settled,
   * everything it asked the service for has been answered.
   */
  const settled = () => waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
  return { state: service.state, user: userEvent.setup(), settled };
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^消息通知/ }));
  return screen.findByRole('dialog');
}

/** antd's Segmented hides its radio inputs from the pointer: click the option's label, as a user does. */
async function chooseReadState(
  user: ReturnType<typeof userEvent.setup>,
  drawer: HTMLElement,
  name: '全部消息' | '未读',
) {
  const radio = within(drawer).getByRole('radio', { name });
  await user.click(radio.closest('label')!);
  await waitFor(() => expect(radio).toBeChecked());
}

const items = () => screen.queryAllByTestId('notice-item');
const titles = () => items().map((li) => li.querySelector('.notice-item-title')?.textContent);

describe('notice bell', () => {
  it('shows the unread icon and count from the list query, without opening the drawer', async () => {
    const { state } = setup();
    const bell = await screen.findByRole('button', { name: '消息通知，3条未读' });
    expect(within(bell).getByTestId('bell-unread-icon')).toBeInTheDocument();
    expect(state.lists).toEqual([
      { app_name: '', readState: 0, index: 1, page_size: 100, uid: 'u-1001', tid: 't-ent-2001' },
    ]);
    expect(state.listPaths).toEqual(['/api/message/v1/tenant/t-ent-2001/user/u-1001/msg/list']);
  });

  it('shows the plain bell when nothing is unread', async () => {
    setup(NOTICES.map((n) => ({ ...n, isRead: 1 as const })));
    const bell = await screen.findByRole('button', { name: '消息通知' });
    await waitFor(() => expect(within(bell).getByTestId('bell-icon')).toBeInTheDocument());
    expect(within(bell).queryByTestId('bell-unread-icon')).toBeNull();
  });
});

describe('notice drawer', () => {
  it('lists unread notices by default with icon, app, title, content as text, time and safe links only', async () => {
    const { user } = setup();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('消息通知')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['手册审核通过', '新品评审结果已发布', '渠道合作申请']));

    const [manual, product, channel] = items();
    // Time formatted YYYY-MM-DD HH:mm:ss from epoch ms.
    expect(within(manual!).getByText('2025-06-18 10:24:36')).toBeInTheDocument();
    expect(within(manual!).getByText('织雀手册')).toBeInTheDocument();
    // An https scene icon is an image; an icon name maps to an icon of the table.
    expect(within(manual!).getByRole('img', { name: '织雀手册' })).toHaveAttribute(
      'src',
      'https://static.zhique.example.com/icons/manual.png',
    );
    expect(product!.querySelector('[data-icon="icon-product"] .anticon-bulb')).not.toBeNull();
    expect(channel!.querySelector('[data-icon="icon-channel"] .anticon-apartment')).not.toBeNull();

    // Content is text: markup shows literally and is not parsed.
    expect(
      within(product!).getByText('评审报告见 <b>附件</b>，<img src=x onerror="window.__pwned=1">'),
    ).toBeInTheDocument();
    expect(product!.querySelector('b')).toBeNull();

    // https link opens in a new tab without an opener; javascript: is not a link.
    const link = within(product!).getByRole('link', { name: '查看详情' });
    expect(link).toHaveAttribute(
      'href',
      'https://workbench.zhique.example.com/micro-app-product/commodityManagement?id=p-8812',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(channel!).queryByRole('link')).toBeNull();
    expect(within(manual!).queryByRole('link')).toBeNull();
  });

  it('filters by read state (all = 2) and by app', async () => {
    const { state, user } = setup();
    const drawer = await openDrawer(user);
    await waitFor(() => expect(items()).toHaveLength(3));

    await chooseReadState(user, drawer, '全部消息');
    await waitFor(() => expect(titles()).toContain('系统维护通知'));
    expect(state.lists.at(-1)).toMatchObject({ readState: 2, app_name: '' });

    await user.click(within(drawer).getByRole('tab', { name: '工作台' }));
    await waitFor(() => expect(titles()).toEqual(['系统维护通知']));
    expect(state.lists.at(-1)).toMatchObject({ readState: 2, app_name: 'workbench' });

    await chooseReadState(user, drawer, '未读');
    expect(await within(drawer).findByText('暂无未读消息')).toBeInTheDocument();
    expect(state.lists.at(-1)).toMatchObject({ readState: 0, app_name: 'workbench' });
  });

  it('marks an unread notice read on click, reloads, and the bell count follows', async () => {
    const { state, user } = setup();
    await openDrawer(user);
    await waitFor(() => expect(items()).toHaveLength(3));
    const before = state.lists.length;

    await user.click(screen.getByRole('button', { name: /手册审核通过/ }));
    await waitFor(() => expect(state.markedRead).toEqual(['n-5006']));
    await waitFor(() => expect(titles()).toEqual(['新品评审结果已发布', '渠道合作申请']));
    expect(state.lists.length).toBeGreaterThan(before);
    expect(await screen.findByRole('button', { name: '消息通知，2条未读' })).toBeInTheDocument();
  });

  it('does nothing when a read notice is clicked', async () => {
    const { state, user, settled } = setup();
    const drawer = await openDrawer(user);
    await chooseReadState(user, drawer, '全部消息');
    await waitFor(() => expect(titles()).toContain('系统维护通知'));
    const readItem = items().find((li) => li.dataset.read === 'true')!;
    expect(within(readItem).queryByRole('button')).toBeNull();
    const requests = state.lists.length;

    await user.click(within(readItem).getByText('系统维护通知'));
    await settled();
    expect(state.markedRead).toEqual([]);
    expect(state.lists.length).toBe(requests);
  });

  it('marks all read for the current app filter', async () => {
    const { state, user } = setup();
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('tab', { name: '渠道管理' }));
    await waitFor(() => expect(titles()).toEqual(['渠道合作申请']));

    await user.click(within(drawer).getByRole('button', { name: '全部已读' }));
    await waitFor(() =>
      expect(state.markedAll).toEqual([{ app_name: 'channel', userGid: 'u-1001', tenantGid: 't-ent-2001' }]),
    );
    expect(await within(drawer).findByText('暂无未读消息')).toBeInTheDocument();
    // Only the channel notice was read: the bell still counts the other two.
    expect(await screen.findByRole('button', { name: '消息通知，2条未读' })).toBeInTheDocument();
    // (jsdom never ends antd's loading-icon motion, so the name may keep a "loading" prefix.)
    await waitFor(() => expect(within(drawer).getByRole('button', { name: /全部已读$/ })).toBeDisabled());
  });

  it('closing resets the app filter and reloads', async () => {
    const { state, user, settled } = setup();
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('tab', { name: '织雀手册' }));
    await waitFor(() => expect(titles()).toEqual(['手册审核通过']));
    const before = state.lists.length;

    await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    // The bell's list reloads on close, and only it: the hidden drawer's filter is not fetched again.
    await waitFor(() => expect(state.lists.length).toBeGreaterThan(before));
    await settled();
    expect(state.lists.slice(before)).toEqual([expect.objectContaining({ app_name: '', readState: 0 })]);

    const reopened = await openDrawer(user);
    expect(within(reopened).getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(titles()).toEqual(['手册审核通过', '新品评审结果已发布', '渠道合作申请']));
  });

  it('shows an empty state with a clear text', async () => {
    const { user } = setup([]);
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByText('暂无未读消息')).toBeInTheDocument();
    await chooseReadState(user, drawer, '全部消息');
    expect(await within(drawer).findByText('暂无消息')).toBeInTheDocument();
  });

  it('keeps the last list visible when a load fails, says so, and retries', async () => {
    const { state, user } = setup();
    const drawer = await openDrawer(user);
    await waitFor(() => expect(items()).toHaveLength(3));

    state.failList = true;
    await chooseReadState(user, drawer, '全部消息');
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('消息刷新失败，下面是上次加载的列表');
    expect(titles()).toEqual(['手册审核通过', '新品评审结果已发布', '渠道合作申请']);

    state.failList = false;
    await user.click(within(alert).getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(titles()).toContain('系统维护通知'));
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });

  it('says the list failed when nothing has loaded yet', async () => {
    const { state, user } = setup();
    state.failList = true;
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('消息加载失败，请稍后重试');
    expect(items()).toHaveLength(0);
  });
});
