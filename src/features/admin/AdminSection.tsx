import { PageFrame } from '@/ui/PageFrame';

/** 管理后台 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="管理后台" />;
}
