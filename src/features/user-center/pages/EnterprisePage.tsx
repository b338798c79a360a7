import { PageFrame } from '@/ui/PageFrame';

/** 已加入企业 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="已加入企业" />;
}
