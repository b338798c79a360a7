import { PageFrame } from '@/ui/PageFrame';

/** 体验反馈详情 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="体验反馈详情" />;
}
