import { PageFrame } from '@/ui/PageFrame';

/** 个人信息 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="个人信息" />;
}
