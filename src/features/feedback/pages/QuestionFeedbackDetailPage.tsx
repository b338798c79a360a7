import { PageFrame } from '@/ui/PageFrame';

/** 问题反馈详情 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="问题反馈详情" />;
}
