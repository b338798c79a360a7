import { Result } from 'antd';
import { useDocumentTitle } from '@/ui/PageFrame';

/** /dodder — present in the spec by name only; kept as a routable page that says so. */
export default function DodderPage() {
  useDocumentTitle('dodder');
  return <Result status="info" title="dodder" subTitle="此页面用于集成调试，暂无内容。" />;
}
