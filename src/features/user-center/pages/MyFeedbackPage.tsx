import { PageFrame } from '@/ui/PageFrame';

/** 我的反馈 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="我的反馈" />;
}
