import { PageFrame } from '@/ui/PageFrame';

/** 第三方账号 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="第三方账号" />;
}
