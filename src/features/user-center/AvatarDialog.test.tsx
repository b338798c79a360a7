import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@generated/workbench/model';
import { getGetUserInfoQueryKey } from '@generated/workbench/workbench';
import { config } from '@/config/env';
import { gifFile, jpegFile, pngFile } from '@/validation/image-file.fixtures';
import { baseInfo, makeSession, renderWithShell } from '../../../tests/setup/render';
import AvatarDialog from './AvatarDialog';
import { api, ok, recordJson, setupMockServer, type Recorded } from './test-server';

const server = setupMockServer();
const MB = 1024 * 1024;
const NEW_URL = 'https://static.example.com/upload/avatar-new.png';
const info = { ...baseInfo, avatar_url: 'https://static.example.com/avatar/old.png' };
let calls: Recorded[];
let uploads: number;
beforeEach(() => {
  calls = [];
  uploads = 0;
  server.use(
    http.post(api('/sys/v1/upload'), () => {
      uploads += 1;
      return ok({ abs: NEW_URL, path: '/upload/avatar-new.png' });
    }),
    recordJson(calls, 'put', '/user/v1/login/', { ...info, avatar_url: NEW_URL }),
  );
});

function renderDialog() {
  const onClose = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithShell(<AvatarDialog open onClose={onClose} />, { session: makeSession({ info }) });
  view.queryClient.setQueryData<UserInfo>(getGetUserInfoQueryKey(), info);
  const input = () => screen.getByRole('dialog').querySelector('input[type=file]') as HTMLInputElement;
  const reset = () => within(screen.getByRole('dialog')).getByRole('button', { name: '恢复默认头像' });
  return { ...view, user, onClose, input, reset };
}

/** The dialog as the shell holds it: open until its close button asks to close. */
function ClosableDialog() {
  const [open, setOpen] = useState(true);
  return <AvatarDialog open={open} onClose={() => setOpen(false)} />;
}

describe('avatar dialog', () => {
  it('refuses an image over 5MB before sending it', async () => {
    const { user, input } = renderDialog();
    await user.upload(input(), pngFile('huge.png', 5 * MB + 1));
    expect(await screen.findByText('上传头像图片大小不能超过 5MB!')).toBeInTheDocument();
    expect(uploads).toBe(0);
    expect(calls).toEqual([]);
  });

  it('refuses files that are not JPG/JPEG/PNG by content', async () => {
    const { user, input } = renderDialog();
    await user.upload(input(), gifFile('a.gif'));
    expect(await screen.findByText('不支持此格式文件上传!')).toBeInTheDocument();
    expect(uploads).toBe(0);
  });

  it('warns over 2MB but still uploads', async () => {
    const { user, input } = renderDialog();
    await user.upload(input(), jpegFile('big.jpg', 2 * MB + 1));
    expect(await screen.findByText('上传图片大小不能超过 2MB!')).toBeInTheDocument();
    await waitFor(() => expect(uploads).toBe(1));
    expect(await screen.findByText('头像更改成功！')).toBeInTheDocument();
  });

  it('saves an upload at once (avatar_url with user_name), says "头像更改成功！" and updates the shell', async () => {
    const { user, input, onClose, queryClient } = renderDialog();
    await user.upload(input(), pngFile('me.png', 20 * 1024));
    expect(await screen.findByText('头像更改成功！')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: '/user/v1/login/', body: { avatar_url: NEW_URL, user_name: info.user_name } },
    ]);
    expect(queryClient.getQueryData<UserInfo>(getGetUserInfoQueryKey())?.avatar_url).toBe(NEW_URL);
    // The dialog stays open on the new avatar; the user closes it.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
  });

  it('ignores a failed upload silently', async () => {
    server.use(
      http.post(api('/sys/v1/upload'), () => {
        uploads += 1;
        return HttpResponse.json({ code: 500, msg: '存储失败', data: null });
      }),
    );
    const { user, input } = renderDialog();
    await user.upload(input(), pngFile('me.png'));
    await waitFor(() => expect(uploads).toBe(1));
    expect(calls).toEqual([]);
    expect(screen.queryByText('存储失败')).not.toBeInTheDocument();
  });

  it('resets to the default avatar at once and keeps the focus inside the dialog', async () => {
    const { user, reset } = renderDialog();
    await user.click(reset());
    expect(await screen.findByText('头像更改成功！')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ avatar_url: config.defaultAvatarUrl, user_name: info.user_name });
    // Once saved, the default disables the reset button: the focus moves to 选择图片, inside the dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /选择图片/ })),
    );
  });

  it('abandons an upload still under way when the dialog closes', async () => {
    // The mock server never answers this upload: only closing the dialog ends it.
    server.use(
      http.post(api('/sys/v1/upload'), () => {
        uploads += 1;
        return new Promise<Response>(() => {});
      }),
    );
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const user = userEvent.setup({ applyAccept: false });
    renderWithShell(<ClosableDialog />, { session: makeSession({ info }) });
    const dialog = screen.getByRole('dialog');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, pngFile('me.png'));
    await waitFor(() => expect(uploads).toBe(1));
    expect(abort).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /关\s*闭|Close/ }));
    await waitFor(() => expect(abort).toHaveBeenCalledTimes(1));
    abort.mockRestore();
  });
});
