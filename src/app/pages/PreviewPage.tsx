import { Empty, Image } from 'antd';
import { PageFrame } from '@/ui/PageFrame';
import { safeExternalLink } from '@/ui/safe-url';

/** /preview?url=… — previews an image or file link (http(s) only); the spec names the route only. */
export default function PreviewPage() {
  const url = safeExternalLink(new URLSearchParams(window.location.search).get('url'));
  return (
    <PageFrame title="预览">
      {url ? (
        <Image src={url} alt="预览" style={{ maxWidth: '100%' }} />
      ) : (
        <Empty description="没有可预览的内容" />
      )}
    </PageFrame>
  );
}
