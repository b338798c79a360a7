import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Modal } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog, type DialogControl } from './lazy-dialog';

/** The dialog's module, as a page's form module default-exports it (its field takes the focus, as ProForm's first does). */
function NameDialog({ name, open, onOpenChange }: { name: string } & DialogControl) {
  return (
    <Modal title={`编辑${name}`} open={open} onCancel={() => onOpenChange(false)} footer={null}>
      {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the case under test */}
      <input aria-label="名称" autoFocus />
    </Modal>
  );
}

/** A module fetch the test answers when it likes. */
function deferredModule() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof NameDialog }>((resolve, reject) => {
        calls.push({ resolve: () => resolve({ default: NameDialog }), reject });
      }),
  );
  return { load, calls };
}

function renderWith(Dialog: ReturnType<typeof lazyDialog<{ name: string }>>) {
  render(
    <App>
      <Dialog name="企业" trigger={(props) => <Button {...props}>编辑企业</Button>} />
    </App>,
  );
  return screen.getByRole('button', { name: '编辑企业' });
}

describe('lazyDialog', () => {
  it('draws its button at once and fetches the dialog only when it is wanted: on hover, then opens on the press', async () => {
    const user = userEvent.setup();
    const { load, calls } = deferredModule();
    const button = renderWith(lazyDialog(load));
    expect(load).not.toHaveBeenCalled();
    await user.hover(button);
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.resolve());
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: '编辑企业' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('spins the pressed button until the dialog is there, then opens it', async () => {
    const user = userEvent.setup();
    const { load, calls } = deferredModule();
    const button = renderWith(lazyDialog(load));
    await user.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => calls[0]!.resolve());
    expect(await screen.findByRole('dialog', { name: '编辑企业' })).toBeInTheDocument();
    expect(button).not.toHaveClass('ant-btn-loading');
  });

  it('gives the focus back to its button when the dialog closes', async () => {
    const user = userEvent.setup();
    const { load, calls } = deferredModule();
    const button = renderWith(lazyDialog(load));
    await user.click(button);
    await act(async () => calls[0]!.resolve());
    const dialog = await screen.findByRole('dialog', { name: '编辑企业' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('does not open under the user once they moved on to another control', async () => {
    const user = userEvent.setup();
    const { load, calls } = deferredModule();
    const Dialog = lazyDialog(load);
    render(
      <App>
        <Dialog name="企业" trigger={(props) => <Button {...props}>编辑企业</Button>} />
        <input aria-label="搜索" />
      </App>,
    );
    await user.click(screen.getByRole('button', { name: '编辑企业' }));
    await user.click(screen.getByRole('textbox', { name: '搜索' }));
    await act(async () => calls[0]!.resolve());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '搜索' })).toHaveFocus();
    // The next press opens it at once (the spinner may still be fading out of the button's name).
    await user.click(screen.getByRole('button', { name: /编辑企业/ }));
    expect(await screen.findByRole('dialog', { name: '编辑企业' })).toBeInTheDocument();
  });

  it('says so when the fetch fails, and tries again on the next press', async () => {
    const user = userEvent.setup();
    const { load, calls } = deferredModule();
    const button = renderWith(lazyDialog(load));
    await user.click(button);
    await act(async () => calls[0]!.reject(new Error('chunk failed')));
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    expect(button).not.toHaveClass('ant-btn-loading');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve());
    expect(await screen.findByRole('dialog', { name: '编辑企业' })).toBeInTheDocument();
  });
});
