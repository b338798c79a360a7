import { PageFrame } from '@/ui/PageFrame';

/** 企业续费 — content comes with its feature issue. */
export default function Page() {
  return <PageFrame title="企业续费" />;
}
