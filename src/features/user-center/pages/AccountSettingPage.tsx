import { PageFrame } from '@/ui/PageFrame';

/** 账号设置 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="账号设置" />;
}
