import { Empty, Image } from 'antd';
import { PageFrame } from '@/ui/PageFrame';
import { safeExternalLink } from '@/ui/safe-url';
import { PAGE_TEXT } from '@/constants/texts';

/** /preview?url=… — previews an image or file link (http(s) only); the spec names the route only. */
export default function PreviewPage() {
  const url = safeExternalLink(new URLSearchParams(window.location.search).get('url'));
  return (
    <PageFrame title={PAGE_TEXT.preview.title}>
      {url ? (
        <Image src={url} alt={PAGE_TEXT.preview.title} style={{ maxWidth: '100%' }} />
      ) : (
        <Empty description={PAGE_TEXT.preview.empty} />
      )}
    </PageFrame>
  );
}
