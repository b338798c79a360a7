import { Spin } from 'antd';
import { SHELL_TEXT } from '@/constants/texts';

/** Loading of a lazy page inside the shell. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label={SHELL_TEXT.pageLoading}>
      <Spin />
    </div>
  );
}
