import { Result } from 'antd';
import { useDocumentTitle } from '@/ui/PageFrame';
import { PAGE_TEXT } from '@/constants/texts';

/** /dodder — present in the spec by name only; kept as a routable page that says so. */
export default function DodderPage() {
  useDocumentTitle('dodder');
  return <Result status="info" title="dodder" subTitle={PAGE_TEXT.dodder} />;
}
