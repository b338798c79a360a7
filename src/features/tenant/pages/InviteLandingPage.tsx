import { PageFrame } from '@/ui/PageFrame';

/** 邀请加入企业 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="邀请加入企业" />;
}
