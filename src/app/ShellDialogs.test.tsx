/**
 * The guide flow as a user meets it inside the shell's dialogs (ShellDialogs:
 * the guide and the invite dialog), with the workbench service mocked at the
 * fetch level: which dialogs show, which guide pages are reported, the flags set
 * in the user-config cache, and what a reload resumes.
 */
import { act, cleanup, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getGetUserConfigQueryKey } from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { config as env } from '@/config/env';
import { GUIDE_TOUR_STEPS } from '@/constants/limits';
import { findTourTarget, TOUR_TARGETS } from '@/features/guide/tour-steps';
import { connectFrame } from '@/sub-app-host/channel';
import { FRAME_CHANNEL } from '@/sub-app-protocol/messages';
import { dialogs } from '@/ui/dialogs';
import { makeSession, newQueryClient, renderWithShell } from '../../tests/setup/render';
import { ShellDialogs } from './ShellDialogs';

const origin = window.location.origin;
const server = setupServer();
const CODE = 'eyJ0ZW5hbnRfbGluayI6InQtZW50LTIwMDEifQ';

let reports: number[] = [];
let inviteBodies: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
  cleanup(); // unmount first: closing the dialogs under a mounted guide would move it on and persist that
  server.resetHandlers();
  (['guide', 'invite'] as const).forEach((d) => dialogs.close(d));
  sessionStorage.clear();
  localStorage.clear();
});

const newcomer: Partial<UserConfig> = {
  last_login_tenant_name: '华东智能制造供应链协同创新中心有限公司',
  last_login_tenant_link: 't-ent-2001',
  user_tenant_link: 't-personal-1001',
  tenant_total: 2,
  is_owner: true,
  is_skip_guide_page: false,
  is_skip_guide_page_2: false,
};

function setup(configOverrides: Partial<UserConfig> = newcomer) {
  reports = [];
  inviteBodies = [];
  server.use(
    http.post(`${origin}/api/workbench/userconfig/v2/skip/guidepage`, async ({ request }) => {
      reports.push(((await request.json()) as { page: number }).page);
      return HttpResponse.json({ code: 0, msg: 'success', data: null });
    }),
    http.post(`${origin}/api/workbench/member/v1/invite/link`, async ({ request }) => {
      inviteBodies.push(await request.json());
      return HttpResponse.json({ code: 0, msg: 'success', data: CODE });
    }),
  );
  const session = makeSession({ config: configOverrides });
  const queryClient = newQueryClient();
  queryClient.setQueryData(getGetUserConfigQueryKey(), session.config);
  const view = renderWithShell(
    // No motion: a closed dialog goes away at once instead of waiting for an animation jsdom never ends.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <a href="/" data-guide="home-link">
        织雀工作台
      </a>
      <ShellDialogs />
    </ConfigProvider>,
    { session, queryClient },
  );
  const cached = () => queryClient.getQueryData<UserConfig>(getGetUserConfigQueryKey());
  return { user: userEvent.setup(), cached, ...view };
}

/**
 * A shown dialog by its title. (Not by accessible name: in tests rc-util gives every
 * dialog the same id, so aria-labelledby cannot tell two dialogs apart.) The guide
 * and the invite dialog are lazy chunks: the first load in jsdom takes a while.
 */
async function findDialog(title: string): Promise<HTMLElement> {
  let dialog: HTMLElement | null = null;
  await waitFor(
    () => {
      dialog = queryDialog(title);
      expect(dialog, `"${title}" among ${JSON.stringify(shownDialogs())}`).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  return dialog!;
}

const shownDialogs = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')]
    .filter((w) => w.style.display !== 'none')
    .map((w) => w.textContent);

function queryDialog(title: string): HTMLElement | null {
  const heading = [...document.querySelectorAll<HTMLElement>('.ant-modal-title')].find(
    (el) => el.textContent === title,
  );
  const dialog = heading?.closest<HTMLElement>('[role="dialog"]') ?? null;
  return dialog && dialog.closest<HTMLElement>('.ant-modal-wrap')?.style.display !== 'none' ? dialog : null;
}

const tourPanel = () => document.querySelector<HTMLElement>('.ant-tour');

async function currentTourTitle(): Promise<string> {
  await waitFor(() => expect(tourPanel()).not.toBeNull(), { timeout: 10_000 });
  return (
    within(tourPanel()!).getByText((_, el) => !!el?.classList.contains('ant-tour-title')).textContent ?? ''
  );
}

async function walkTour(user: ReturnType<typeof userEvent.setup>) {
  const titles: string[] = [];
  for (let i = 0; i < GUIDE_TOUR_STEPS; i++) {
    titles.push(await currentTourTitle());
    const next = within(tourPanel()!).getByRole('button', {
      name: i < GUIDE_TOUR_STEPS - 1 ? '下一步' : '结束导览',
    });
    await user.click(next);
  }
  return titles;
}

describe('guide flow: a newcomer who owns an enterprise', () => {
  it('welcome → tour of 4 steps → invite dialog with a generated link → skip → end dialog → confirm', async () => {
    const { user, cached } = setup();
    const welcome = await findDialog('欢迎使用织雀工作台');
    await user.click(within(welcome).getByRole('button', { name: '开始' }));

    expect(await walkTour(user)).toEqual(['返回首页', '个人中心', '回收站', '新建手册']);
    await waitFor(() => expect(reports).toEqual([1]));
    expect(cached()?.is_skip_guide_page).toBe(true);

    const invite = await findDialog('邀请成员');
    await waitFor(() =>
      expect(within(invite).getByRole('textbox', { name: '邀请链接' })).toHaveValue(
        env.inviteLinkPrefix + CODE,
      ),
    );
    expect(inviteBodies).toEqual([{ is_insert: true }]);
    await user.click(within(invite).getByRole('button', { name: '跳过' }));

    const end = await findDialog('引导结束');
    expect(reports).toEqual([1]);
    await user.click(within(end).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(reports).toEqual([1, 2]));
    expect(cached()).toMatchObject({ is_skip_guide_page: true, is_skip_guide_page_2: true });
    await waitFor(() => expect(queryDialog('引导结束')).toBeNull());
  });

  it('ignore reports page 1, sets the flag locally and goes on to the invite dialog', async () => {
    const { user, cached } = setup();
    const welcome = await findDialog('欢迎使用织雀工作台');
    await user.click(within(welcome).getByRole('button', { name: '忽略' }));
    await waitFor(() => expect(reports).toEqual([1]));
    expect(cached()?.is_skip_guide_page).toBe(true);
    expect(tourPanel()).toBeNull();
    expect(await findDialog('邀请成员')).toBeInTheDocument();
  });

  it('closing the invite dialog with × also leads to the end dialog', async () => {
    const { user } = setup({ ...newcomer, is_skip_guide_page: true });
    const invite = await findDialog('邀请成员');
    await user.click(within(invite).getByRole('button', { name: 'Close' }));
    expect(await findDialog('引导结束')).toBeInTheDocument();
    expect(reports).toEqual([]);
  });

  it('exiting the tour (×) reports page 1', async () => {
    const { user } = setup();
    await user.click(within(await findDialog('欢迎使用织雀工作台')).getByRole('button', { name: '开始' }));
    await currentTourTitle();
    await user.click(within(tourPanel()!).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(reports).toEqual([1]));
    expect(await findDialog('邀请成员')).toBeInTheDocument();
  });

  it('skipping the tour reports page 1', async () => {
    const { user } = setup();
    await user.click(within(await findDialog('欢迎使用织雀工作台')).getByRole('button', { name: '开始' }));
    await currentTourTitle();
    await user.click(within(tourPanel()!).getByRole('button', { name: '下一步' }));
    expect(await currentTourTitle()).toBe('个人中心');
    await user.click(within(tourPanel()!).getByRole('button', { name: '跳过' }));
    await waitFor(() => expect(reports).toEqual([1]));
  });
});

describe('guide flow: other users', () => {
  it('a personal-space newcomer gets guide 1 only', async () => {
    const { user } = setup({ is_skip_guide_page: false, is_skip_guide_page_2: false });
    await user.click(within(await findDialog('欢迎使用织雀工作台')).getByRole('button', { name: '忽略' }));
    await waitFor(() => expect(reports).toEqual([1]));
    await waitFor(() => expect(queryDialog('欢迎使用织雀工作台')).toBeNull());
    expect(queryDialog('邀请成员')).toBeNull();
    expect(inviteBodies).toEqual([]);
  });

  it('a member (not owner) in an enterprise gets guide 1 only', async () => {
    const { user } = setup({ ...newcomer, is_owner: false });
    await user.click(within(await findDialog('欢迎使用织雀工作台')).getByRole('button', { name: '开始' }));
    await walkTour(user);
    await waitFor(() => expect(reports).toEqual([1]));
    expect(queryDialog('邀请成员')).toBeNull();
  });

  it('a user who has seen both guides sees nothing until the guide flag asks for the tour', async () => {
    const { user } = setup({ ...newcomer, is_skip_guide_page: true, is_skip_guide_page_2: true });
    expect(shownDialogs()).toEqual([]);
    dialogs.open('guide'); // what the top-bar flag and the footer link do
    expect(await currentTourTitle()).toBe('返回首页');
    await walkTour(user);
    await waitFor(() => expect(tourPanel()).toBeNull());
    expect(reports).toEqual([]); // already done: a replay reports nothing
    dialogs.open('guide');
    expect(await currentTourTitle()).toBe('返回首页'); // and it can be asked for again
  });
});

describe('guide flow: reload mid-flow', () => {
  it('resumes the tour at the step the user was on, without the welcome dialog', async () => {
    const first = setup();
    await first.user.click(
      within(await findDialog('欢迎使用织雀工作台')).getByRole('button', { name: '开始' }),
    );
    await currentTourTitle();
    await first.user.click(within(tourPanel()!).getByRole('button', { name: '下一步' }));
    await first.user.click(within(tourPanel()!).getByRole('button', { name: '下一步' }));
    expect(await currentTourTitle()).toBe('回收站');
    first.unmount();

    setup();
    expect(await currentTourTitle()).toBe('回收站');
    expect(queryDialog('欢迎使用织雀工作台')).toBeNull();
  });

  it('after answering guide 1, a reload (the server config still says not done) goes straight to the invite dialog', async () => {
    const first = setup();
    await first.user.click(
      within(await findDialog('欢迎使用织雀工作台')).getByRole('button', { name: '忽略' }),
    );
    await findDialog('邀请成员');
    first.unmount();
    dialogs.close('invite');

    setup();
    expect(await findDialog('邀请成员')).toBeInTheDocument();
    expect(queryDialog('欢迎使用织雀工作台')).toBeNull();
    expect(reports).toEqual([]); // nothing reported twice
  });

  it('after the end dialog is confirmed, a reload asks nothing', async () => {
    const first = setup({ ...newcomer, is_skip_guide_page: true });
    await first.user.click(within(await findDialog('邀请成员')).getByRole('button', { name: '跳过' }));
    await first.user.click(within(await findDialog('引导结束')).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(reports).toEqual([2]));
    first.unmount();

    // The flow decides what to ask as it mounts, from the flags and the tab's progress it reads then.
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    setup({ ...newcomer, is_skip_guide_page: true });
    await waitFor(() => expect(getItem).toHaveBeenCalledWith('workbench.guide.u-1001'));
    await act(async () => {}); // let it commit what it rendered and run its effects
    expect(shownDialogs()).toEqual([]);
    expect(dialogs.isOpen('invite')).toBe(false);
  });
});

describe('tour targets', () => {
  it('has one target per step of SPEC §9', () => {
    expect(TOUR_TARGETS).toHaveLength(GUIDE_TOUR_STEPS);
  });

  it('finds a target by its data-guide attribute, and gives null when it is missing (the step is centred)', () => {
    const button = document.createElement('button');
    button.dataset.guide = 'home-link';
    document.body.append(button);
    expect(findTourTarget('home-link')).toBe(button);
    expect(findTourTarget('new-manual')).toBeNull();
    button.remove();
  });

  it('points at a stand-in over a target inside the manual app’s frame', async () => {
    // The frame is on another origin: it reports where its targets are, over the channel's port.
    const frame = document.createElement('iframe');
    frame.dataset.subApp = 'manual';
    document.body.append(frame);
    let port: MessagePort | undefined;
    vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(
      ((_message: unknown, _origin: string, transfer: MessagePort[]) => (port = transfer[0])) as never,
    );
    const origin = 'http://manual.localhost:5173';
    const connection = connectFrame('manual', frame, origin, `${origin}/`, {
      greeted: () => {},
      mounted: () => {},
      failed: () => {},
      moved: () => {},
      modal: () => {},
      answer: () => Promise.resolve(null),
    });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: FRAME_CHANNEL, kind: 'hello' },
        origin,
        source: frame.contentWindow,
      }),
    );
    const box = (left: number, top: number, width: number, height: number) => () =>
      ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;
    frame.getBoundingClientRect = box(100, 64, 800, 600);
    port!.postMessage({
      kind: 'guide-targets',
      targets: { 'recycle-bin': { left: 40, top: 30, width: 72, height: 32 } },
    });
    await waitFor(() => expect(findTourTarget('recycle-bin')).not.toBeNull());

    const standIn = findTourTarget('recycle-bin');
    expect(standIn?.ownerDocument).toBe(document);
    expect(standIn?.style).toMatchObject({ left: '140px', top: '94px', width: '72px', height: '32px' });
    expect(findTourTarget('recycle-bin')).toBe(standIn); // one stand-in per target, moved each time
    port!.close();
    void connection.disconnect();
    frame.remove();
    standIn?.remove();
  });
});
