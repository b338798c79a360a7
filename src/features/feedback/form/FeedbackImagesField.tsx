/**
 * The question form's images (SPEC §5): checked before anything is sent (count,
 * real type, size), uploaded one by one with progress through the transport's
 * `upload()`; code 0 adds the absolute URL, other codes are ignored silently.
 * The value is the list of entries; the form sends the URLs of the finished ones.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Image, Upload, type UploadFile, type UploadProps } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { upload } from '@/api/transport';
import { FEEDBACK_IMAGES_MAX } from '@/constants/limits';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { checkFeedbackImage, checkImageCount, IMAGE_ACCEPT } from '@/validation';

export interface ImageEntry {
  uid: string;
  name: string;
  status: 'uploading' | 'done';
  percent?: number;
  /** The absolute URL the upload returned. */
  url?: string;
}

export const uploadedUrls = (entries: ImageEntry[] = []): string[] =>
  entries.flatMap((e) => (e.status === 'done' && e.url ? [e.url] : []));

export const isUploading = (entries: ImageEntry[] = []): boolean =>
  entries.some((e) => e.status === 'uploading');

/** Only finished uploads are worth keeping in a draft. */
export const finishedEntries = (entries: ImageEntry[] = []): ImageEntry[] =>
  entries.filter((e) => e.status === 'done' && e.url);

interface Props {
  id?: string;
  value?: ImageEntry[];
  onChange?: (next: ImageEntry[]) => void;
}

export function FeedbackImagesField({ id, value, onChange }: Props) {
  const { message } = App.useApp();
  // Progress callbacks of parallel uploads arrive between renders: they build on the newest list.
  const currentRef = useRef<ImageEntry[]>(value ?? []);
  useEffect(() => {
    currentRef.current = value ?? [];
  }, [value]);
  const thumbsRef = useRef(new Map<string, string>());
  const uploadsRef = useRef(new Map<string, AbortController>());
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    const ownThumbs = thumbsRef.current;
    return () => ownThumbs.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const commit = (next: ImageEntry[]) => {
    currentRef.current = next;
    onChange?.(next);
  };
  const patch = (uid: string, change: Partial<ImageEntry>) =>
    commit(currentRef.current.map((e) => (e.uid === uid ? { ...e, ...change } : e)));
  const drop = (uid: string) => {
    uploadsRef.current.get(uid)?.abort();
    uploadsRef.current.delete(uid);
    const thumb = thumbsRef.current.get(uid);
    if (thumb) URL.revokeObjectURL(thumb);
    thumbsRef.current.delete(uid);
    commit(currentRef.current.filter((e) => e.uid !== uid));
  };

  const beforeUpload: UploadProps['beforeUpload'] = async (file, batch) => {
    // The whole selection is refused when it would go over the limit (warned once per selection).
    const countError = checkImageCount(currentRef.current.length, batch.length);
    if (countError) {
      if (file === batch[0]) void message.warning(countError);
      return Upload.LIST_IGNORE;
    }
    const error = await checkFeedbackImage(file);
    if (error) {
      void message.error(error);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const rc = file as RcFile;
    const controller = new AbortController();
    uploadsRef.current.set(rc.uid, controller);
    if (typeof URL.createObjectURL === 'function') thumbsRef.current.set(rc.uid, URL.createObjectURL(rc));
    commit([...currentRef.current, { uid: rc.uid, name: rc.name, status: 'uploading', percent: 0 }]);
    void upload(rc, { signal: controller.signal, onProgress: (percent) => patch(rc.uid, { percent }) }).then(
      (result) => {
        if (controller.signal.aborted) return;
        uploadsRef.current.delete(rc.uid);
        if (result.ok) patch(rc.uid, { status: 'done', url: result.abs, percent: 100 });
        else drop(rc.uid); // SPEC §8: code 500 and other codes are ignored silently
      },
    );
  };

  const entries = value ?? [];
  const fileList: UploadFile[] = entries.map((e) => ({
    uid: e.uid,
    name: e.name,
    status: e.status,
    percent: e.percent,
    url: e.url,
    thumbUrl: thumbsRef.current.get(e.uid) ?? e.url,
  }));

  return (
    <>
      <Upload
        id={id}
        accept={IMAGE_ACCEPT}
        multiple
        listType="picture-card"
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={(file) => {
          drop(file.uid);
          return false;
        }}
        onPreview={(file) => setPreview(file.thumbUrl ?? file.url)}
      >
        {entries.length < FEEDBACK_IMAGES_MAX ? (
          <button type="button" className="feedback-upload-button">
            <PlusOutlined />
            <div>{FEEDBACK_TEXT.uploadImage}</div>
          </button>
        ) : null}
      </Upload>
      {preview ? (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt=""
          preview={{
            visible: true,
            src: preview,
            onVisibleChange: (visible) => !visible && setPreview(undefined),
          }}
        />
      ) : null}
    </>
  );
}
