import { Spin } from 'antd';

/** The full-screen loading of sign-in, bootstrap and logout. */
export function FullScreenLoading({ tip }: { tip: string }) {
  return (
    <div className="full-screen-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span>{tip}</span>
    </div>
  );
}
