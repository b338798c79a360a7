/**
 * The feedback dialog as a user meets it: every SPEC §5 message in the forms,
 * every image rule with real files, success, and the draft kept after a failed
 * submit. Network mocked at the fetch/XHR level with MSW.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '@/constants/texts';
import { fakePngFile, gifFile, jpegFile, pngFile } from '@/validation/image-file.fixtures';
import { renderWithShell } from '../../../tests/setup/render';
import FeedbackDialog from './FeedbackDialog';

const origin = window.location.origin;
const api = (path: string) => `${origin}/api/workbench${path}`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => sessionStorage.clear());

const ok = (data: unknown = { id: 'fb-1', created_at: 1 }) =>
  HttpResponse.json({ code: 0, msg: 'success', data });

function renderDialog(onClose = vi.fn()) {
  const errors: string[] = [];
  const view = renderWithShell(<FeedbackDialog open onClose={onClose} />, { onError: (m) => errors.push(m) });
  return { ...view, onClose, errors };
}

const dialog = () => screen.getByRole('dialog');
/** The visible form (both tabs stay mounted once opened). */
const pane = () => dialog().querySelector('.ant-tabs-tabpane-active') as HTMLElement;
const field = (label: string) => within(pane()).getByLabelText(label);
const formItem = (label: string) =>
  within(pane()).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const submit = () => within(pane()).getByRole('button', { name: /提\s*交/ });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function fillActivity(user: ReturnType<typeof userEvent.setup>) {
  type('体验官姓名', '林小雀');
  type('邮箱', 'lin@example.com');
  await user.click(within(formItem('使用体验')).getByLabelText('好'));
  await user.click(within(formItem('手册效果')).getByLabelText('差'));
  type('产品优点', '模板丰富');
  type('产品不足', '导入偏慢');
  type('建议', '增加批量导出');
}

describe('activity feedback (体验反馈)', () => {
  it('shows every required message on an empty submit', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(submit());
    // Each field's rules settle on their own (async validation): wait for every message.
    expect(await within(pane()).findByText('请输入体验官姓名')).toBeInTheDocument();
    expect(await within(pane()).findByText('请输入邮箱')).toBeInTheDocument();
    await waitFor(() => expect(within(pane()).getAllByText('请选择')).toHaveLength(2));
    await waitFor(() => expect(within(pane()).getAllByText('请输入您的想法')).toHaveLength(3));
  });

  it('checks the name length and the e-mail format and length', async () => {
    const user = userEvent.setup();
    renderDialog();
    type('体验官姓名', '名'.repeat(31));
    type('邮箱', 'lin-at-example.com');
    await user.click(submit());
    expect(await within(pane()).findByText('长度不能超过30个字符')).toBeInTheDocument();
    expect(await within(pane()).findByText('请输入正确的邮箱！')).toBeInTheDocument();
    type('邮箱', `${'a'.repeat(95)}@x.com`);
    expect(await within(pane()).findByText('长度不能超过100个字符')).toBeInTheDocument();
  });

  it('counts the text areas up to 2000 characters', async () => {
    renderDialog();
    await userEvent.setup().click(field('建议'));
    await userEvent.paste('x'.repeat(2500));
    expect((field('建议') as HTMLTextAreaElement).value).toHaveLength(2000);
    expect(within(formItem('建议')).getByText('2000 / 2000')).toBeInTheDocument();
  });

  it('submits the form, says "反馈成功！", closes and resets', async () => {
    let body: unknown;
    server.use(
      http.post(api('/feedback/v1/activity'), async ({ request }) => ((body = await request.json()), ok())),
    );
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await fillActivity(user);
    await user.click(submit());
    expect(await screen.findByText(TEXT.feedbackSent)).toBeInTheDocument();
    expect(body).toEqual({
      experiencer_name: '林小雀',
      experiencer_email: 'lin@example.com',
      use_experience: 1,
      manual_effect: 3,
      product_advantage: '模板丰富',
      product_shortage: '导入偏慢',
      suggestion: '增加批量导出',
    });
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(field('体验官姓名')).toHaveValue(''));
  });

  it('cancel closes the dialog', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(within(pane()).getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the draft after a failed submit', () => {
  it('keeps everything typed across closing and reopening until a submit succeeds', async () => {
    server.use(http.post(api('/feedback/v1/activity'), () => HttpResponse.error()));
    const user = userEvent.setup();
    const first = renderDialog();
    await fillActivity(user);
    await user.click(submit());
    await waitFor(() => expect(first.errors).toEqual([TEXT.networkError]));
    expect(first.onClose).not.toHaveBeenCalled();
    expect(field('体验官姓名')).toHaveValue('林小雀');

    // closed and reopened (still mounted)
    first.rerender(<FeedbackDialog open={false} onClose={first.onClose} />);
    first.rerender(<FeedbackDialog open onClose={first.onClose} />);
    expect(field('建议')).toHaveValue('增加批量导出');

    // closed for good (unmounted) and opened again: the draft brings everything back
    first.unmount();
    renderDialog();
    expect(screen.getByText('上次未提交成功的内容已为您保留')).toBeInTheDocument();
    expect(field('体验官姓名')).toHaveValue('林小雀');
    expect(field('邮箱')).toHaveValue('lin@example.com');
    expect(within(formItem('使用体验')).getByLabelText('好')).toBeChecked();
    expect(within(formItem('手册效果')).getByLabelText('差')).toBeChecked();
    expect(field('产品不足')).toHaveValue('导入偏慢');

    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(
        api('/feedback/v1/activity'),
        async ({ request }) => ((body = (await request.json()) as Record<string, unknown>), ok()),
      ),
    );
    await user.click(submit());
    expect(await screen.findByText(TEXT.feedbackSent)).toBeInTheDocument();
    expect(body?.suggestion).toBe('增加批量导出');
    expect(
      Object.keys(sessionStorage).filter((k) => k.includes('feedbackDraft.') && sessionStorage.getItem(k)),
    ).toEqual([]);
    await waitFor(() => expect(field('体验官姓名')).toHaveValue(''));
  });
});

describe('question feedback (问题反馈)', () => {
  async function openQuestion() {
    const user = userEvent.setup({ applyAccept: false });
    const view = renderDialog();
    await user.click(screen.getByRole('tab', { name: '问题反馈' }));
    return { user, ...view };
  }
  const fileInput = () => pane().querySelector('input[type=file]') as HTMLInputElement;
  const uploads: string[] = [];
  beforeEach(() => {
    uploads.length = 0;
    server.use(
      http.post(api('/sys/v1/upload'), async ({ request }) => {
        const name = /name="file"; filename="([^"]+)"/.exec(await request.text())?.[1] ?? '?';
        uploads.push(name);
        if (name.startsWith('fail')) return HttpResponse.json({ code: 500, msg: '存储失败', data: null });
        return ok({ abs: `https://cdn.example.com/u/${name}`, path: `/u/${name}` });
      }),
    );
  });

  it('shows the required messages on an empty submit', async () => {
    const { user } = await openQuestion();
    await user.click(submit());
    expect(await within(pane()).findByText('请输入反馈人姓名')).toBeInTheDocument();
    expect(await within(pane()).findByText('请输入邮箱')).toBeInTheDocument();
    expect(await within(pane()).findByText('请描述您所遇到的问题')).toBeInTheDocument();
    type('反馈人姓名', 'x'.repeat(31));
    type('邮箱', `${'a'.repeat(95)}@x.com`);
    expect(await within(pane()).findByText('长度不能超过30个字符')).toBeInTheDocument();
    expect(await within(pane()).findByText('长度不能超过100个字符')).toBeInTheDocument();
    type('邮箱', 'bad@');
    expect(await within(pane()).findByText('请输入正确的邮箱！')).toBeInTheDocument();
  });

  it('refuses a file whose bytes are not JPEG/PNG, whatever its name says, before sending it', async () => {
    const { user } = await openQuestion();
    await user.upload(fileInput(), fakePngFile('renamed.png'));
    expect(await screen.findByText('不支持此格式文件上传!')).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('refuses other formats by name and images over 100KB, before sending anything', async () => {
    const { user } = await openQuestion();
    await user.upload(fileInput(), gifFile());
    expect(await screen.findByText('不支持此格式文件上传!')).toBeInTheDocument();
    await user.upload(fileInput(), pngFile('big.png', 100 * 1024 + 1));
    expect(await screen.findByText('上传图片大小不能超过 100KB!')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    expect(
      within(pane())
        .queryAllByRole('img', { hidden: true })
        .filter((i) => i.closest('.ant-upload-list-item')),
    ).toEqual([]);
  });

  it('refuses a selection that would go over 5 images, naming the limit and the counts', async () => {
    const { user } = await openQuestion();
    await user.upload(fileInput(), [pngFile('1.png'), jpegFile('2.jpg')]);
    await waitFor(() => expect([...uploads].sort()).toEqual(['1.png', '2.jpg']));
    await user.upload(fileInput(), [pngFile('3.png'), pngFile('4.png'), pngFile('5.png'), pngFile('6.png')]);
    expect(
      await screen.findByText('当前限制选择 5 个文件，本次选择了 4 个文件，共选择了 6 个文件'),
    ).toBeInTheDocument();
    expect([...uploads].sort()).toEqual(['1.png', '2.jpg']);
  });

  it('uploads images, ignores failed uploads silently, removes a removed image and sends the URLs', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(
        api('/feedback/v1/question'),
        async ({ request }) => ((body = (await request.json()) as Record<string, unknown>), ok()),
      ),
    );
    const { user, errors, onClose } = await openQuestion();
    type('反馈人姓名', '林小雀');
    type('邮箱', 'lin@example.com');
    type('问题描述', '上传手册时图片无法预览');
    await user.upload(fileInput(), [
      pngFile('a.png'),
      jpegFile('b.jpeg'),
      pngFile('fail.png'),
      pngFile('c.png'),
    ]);
    await waitFor(() => expect(uploads).toHaveLength(4));
    await waitFor(() => expect(pane().querySelectorAll('.ant-upload-list-item-done')).toHaveLength(3));
    expect(errors).toEqual([]); // code 500 is ignored silently
    expect(screen.queryByText('存储失败')).not.toBeInTheDocument();

    const item = [...pane().querySelectorAll('.ant-upload-list-item')].find(
      (el) => el.textContent?.includes('b.jpeg') || el.querySelector('[alt="b.jpeg"]'),
    );
    await user.click(within(item as HTMLElement).getByRole('button', { name: /删除|delete/ }));
    // (the removed item may still be animating out in jsdom; what is sent proves it is gone)

    await user.click(submit());
    expect(await screen.findByText(TEXT.feedbackSent)).toBeInTheDocument();
    expect(body).toEqual({
      experiencer_name: '林小雀',
      experiencer_email: 'lin@example.com',
      description: '上传手册时图片无法预览',
      image_urls: ['https://cdn.example.com/u/a.png', 'https://cdn.example.com/u/c.png'],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps uploaded images in the draft after a failed submit', async () => {
    server.use(
      http.post(api('/feedback/v1/question'), () =>
        HttpResponse.json({ code: 5001, msg: '服务繁忙', data: null }),
      ),
    );
    const first = await openQuestion();
    type('反馈人姓名', '林小雀');
    type('邮箱', 'lin@example.com');
    type('问题描述', '导出缺列');
    await first.user.upload(fileInput(), pngFile('a.png'));
    await waitFor(() => expect(pane().querySelectorAll('.ant-upload-list-item-done')).toHaveLength(1));
    await first.user.click(submit());
    await waitFor(() => expect(first.errors).toEqual(['服务繁忙']));
    first.unmount();

    const again = await openQuestion();
    expect(field('问题描述')).toHaveValue('导出缺列');
    expect(pane().querySelectorAll('.ant-upload-list-item-done')).toHaveLength(1);
    expect(again.errors).toEqual([]);
  });
});
