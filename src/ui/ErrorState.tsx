/**
 * A region's error state: what failed, what the user can do, and a retry. Light
 * on purpose (antd's Result carries large illustrations) because it sits in the
 * first load, inside every error boundary.
 */
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

export function ErrorState({
  title,
  description,
  actions,
  tone = 'warning',
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  tone?: 'warning' | 'error';
}) {
  return (
    <div className={`error-state error-state-${tone}`} role="alert">
      <span className="error-state-icon" aria-hidden="true">
        {tone === 'error' ? <CloseCircleFilled /> : <WarningFilled />}
      </span>
      <div className="error-state-title">{title}</div>
      {description ? <div className="error-state-description">{description}</div> : null}
      {actions ? <div className="error-state-actions">{actions}</div> : null}
    </div>
  );
}
