/**
 * 更换头像 (SPEC §4 "Avatar dialog"): upload (.jpg/.jpeg/.png, one file, refused
 * over 5MB, warned over 2MB) or reset to the default, preview, save with
 * avatar_url and user_name ("头像更改成功！"). The shell's user info is updated,
 * so the top bar shows the new avatar at once.
 */
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Modal, Progress, Space, Upload, type UploadProps } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { upload } from '@/api/transport';
import { config } from '@/config/env';
import { ACCOUNT_TEXT, TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { checkAvatarImage, IMAGE_ACCEPT } from '@/validation';
import { useSaveUserInfo } from './user-info-cache';
import './user-center.css';

interface Pending {
  /** What will be saved: the uploaded file's absolute URL, or the default avatar. */
  url: string;
  /** What is shown meanwhile: the local file (the stored copy may not be reachable yet). */
  preview: string;
}

function objectUrl(file: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function AvatarEditor({
  uploadInFlight,
  onClose,
}: {
  uploadInFlight: RefObject<AbortController | null>;
  onClose: () => void;
}) {
  const { info } = useSession();
  const { message } = App.useApp();
  const save = useSaveUserInfo();
  const [pending, setPending] = useState<Pending | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (pending?.preview.startsWith('blob:')) URL.revokeObjectURL(pending.preview);
    },
    [pending],
  );

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
      if (result.ok) setPending({ url: result.abs, preview: objectUrl(blob) ?? result.abs });
    });
  };

  const shown = pending?.preview ?? info.avatar_url;
  const uploading = percent !== null;
  const isDefault = (pending?.url ?? info.avatar_url) === config.defaultAvatarUrl;

  return (
    <>
      <div className="avatar-editor">
        <Avatar
          size={120}
          src={shown || undefined}
          icon={<UserOutlined />}
          alt={ACCOUNT_TEXT.avatar}
          data-testid="avatar-preview"
        />
        {uploading ? (
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
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {ACCOUNT_TEXT.chooseImage}
            </Button>
          </Upload>
          <Button
            disabled={isDefault || uploading}
            onClick={() => setPending({ url: config.defaultAvatarUrl, preview: config.defaultAvatarUrl })}
          >
            {ACCOUNT_TEXT.resetAvatar}
          </Button>
        </Space>
        <div className="avatar-editor-hint">{ACCOUNT_TEXT.avatarHint}</div>
      </div>
      <div className="avatar-editor-footer">
        <Space>
          <Button onClick={onClose}>{ACCOUNT_TEXT.cancel}</Button>
          <Button
            type="primary"
            disabled={!pending || uploading}
            loading={save.isPending}
            onClick={() => {
              if (!pending) return;
              save.mutate(
                { data: { avatar_url: pending.url, user_name: info.user_name } },
                {
                  onSuccess: () => {
                    void message.success(TEXT.avatarChanged);
                    onClose();
                  },
                },
              );
            }}
          >
            {ACCOUNT_TEXT.save}
          </Button>
        </Space>
      </div>
    </>
  );
}

export default function AvatarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Closing abandons an upload still under way, at once: the content is frozen during the closing animation.
  const uploadInFlight = useRef<AbortController | null>(null);
  useEffect(() => () => uploadInFlight.current?.abort(), []);
  const close = () => {
    uploadInFlight.current?.abort();
    uploadInFlight.current = null;
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
      <AvatarEditor uploadInFlight={uploadInFlight} onClose={close} />
    </Modal>
  );
}
