/**
 * 更换头像 (SPEC §4 "Avatar dialog": open, upload or reset to default, close). An
 * upload (.jpg/.jpeg/.png, one file, refused over 5MB, warned over 2MB) or a reset is
 * saved at once with avatar_url and user_name ("头像更改成功！"); the shell's user info
 * is updated, so the top bar shows the new avatar at once. Closing is the dialog's own
 * close button or Esc.
 */
import { UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Modal, Progress, Space, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { upload } from '@/api/transport';
import { config } from '@/config/env';
import { ACCOUNT_TEXT, TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { checkAvatarImage, IMAGE_ACCEPT } from '@/validation';
import { UserAvatar, avatarSrc } from '@/ui/UserAvatar';
import { useSaveUserInfo } from './user-info-cache';
import './user-center.css';

function objectUrl(file: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function AvatarEditor({ uploadInFlight }: { uploadInFlight: RefObject<AbortController | null> }) {
  const { info } = useSession();
  const { message } = App.useApp();
  const save = useSaveUserInfo();
  const chooseButtonRef = useRef<HTMLButtonElement>(null);
  const resetButtonRef = useRef<HTMLButtonElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  /** The local copy of a file being uploaded or saved (the stored copy may not be reachable yet). */
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  /** An upload or a reset is the user's choice: it is saved at once (SPEC §4). */
  const saveAvatar = (url: string, localCopy: string | null) => {
    // While it saves, both buttons are disabled: a focused one would drop the focus to <body>,
    // where Esc no longer reaches the dialog. The editor holds it meanwhile.
    if (editorRef.current?.contains(document.activeElement)) editorRef.current.focus();
    setPreview(localCopy);
    save.mutate(
      { data: { avatar_url: url, user_name: info.user_name } },
      {
        onSuccess: () => void message.success(TEXT.avatarChanged),
        onSettled: () => {
          setPreview(null);
          // Then it goes to 选择图片 (saving the default leaves the reset button disabled). Focus the
          // user put elsewhere stays.
          const focused = document.activeElement;
          const held = [document.body, editorRef.current, resetButtonRef.current];
          if (!focused || held.includes(focused as HTMLDivElement)) chooseButtonRef.current?.focus();
        },
      },
    );
  };

  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    const check = await checkAvatarImage(file);
    if (!check.ok) {
      void message.error(check.error);
      return Upload.LIST_IGNORE;
    }
    if (check.warning) void message.warning(check.warning);
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const blob = file as Blob;
    uploadInFlight.current?.abort();
    const controller = new AbortController();
    uploadInFlight.current = controller;
    setPercent(0);
    void upload(blob, { onProgress: setPercent, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      uploadInFlight.current = null;
      setPercent(null);
      // SPEC §8: any code but 0 is ignored silently: the current avatar stays.
      if (result.ok) saveAvatar(result.abs, objectUrl(blob));
    });
  };

  const busy = percent !== null || save.isPending;
  const isDefault = avatarSrc(info.avatar_url) === avatarSrc(config.defaultAvatarUrl);

  return (
    <div ref={editorRef} className="avatar-editor" aria-busy={busy} tabIndex={-1}>
      {preview ? (
        <Avatar size={120} src={preview} alt={ACCOUNT_TEXT.avatar} data-testid="avatar-preview" />
      ) : (
        <UserAvatar size={120} url={info.avatar_url} alt={ACCOUNT_TEXT.avatar} data-testid="avatar-preview" />
      )}
      {percent !== null ? (
        <Progress
          percent={percent}
          size="small"
          style={{ width: 160 }}
          aria-label={ACCOUNT_TEXT.avatarUploading}
        />
      ) : null}
      <Space wrap>
        <Upload
          accept={IMAGE_ACCEPT}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={busy}
        >
          <Button ref={chooseButtonRef} icon={<UploadOutlined />} loading={percent !== null}>
            {ACCOUNT_TEXT.chooseImage}
          </Button>
        </Upload>
        <Button
          ref={resetButtonRef}
          disabled={isDefault || busy}
          loading={save.isPending && preview === null}
          onClick={() => saveAvatar(config.defaultAvatarUrl, null)}
        >
          {ACCOUNT_TEXT.resetAvatar}
        </Button>
      </Space>
      <div className="avatar-editor-hint">{ACCOUNT_TEXT.avatarHint}</div>
    </div>
  );
}

export default function AvatarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Closing abandons an upload still under way, at once: the content is frozen during the closing animation.
  const uploadInFlightRef = useRef<AbortController | null>(null);
  useEffect(() => () => uploadInFlightRef.current?.abort(), []);
  const close = () => {
    uploadInFlightRef.current?.abort();
    uploadInFlightRef.current = null;
    onClose();
  };
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title={ACCOUNT_TEXT.avatarTitle}
      width={420}
      destroyOnHidden
    >
      <AvatarEditor uploadInFlight={uploadInFlightRef} />
    </Modal>
  );
}
