import { Spin } from 'antd';

/** Loading of a lazy page inside the shell. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="页面加载中">
      <Spin />
    </div>
  );
}
