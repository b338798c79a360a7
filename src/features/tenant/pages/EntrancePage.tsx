import { PageFrame } from '@/ui/PageFrame';

/** 选择空间 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="选择空间" />;
}
