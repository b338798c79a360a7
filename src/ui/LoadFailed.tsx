/**
 * What a page or region shows when its data could not be loaded: what failed,
 * why if known, a retry, and any other way out (e.g. back home).
 */
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { TEXT } from '@/constants/texts';
import { ErrorState } from './ErrorState';

export function LoadFailed({
  title,
  description,
  onRetry,
  extra,
}: {
  title: string;
  description?: ReactNode;
  onRetry: () => void;
  extra?: ReactNode;
}) {
  return (
    <ErrorState
      tone="error"
      title={title}
      description={description}
      actions={
        <>
          <Button type="primary" onClick={onRetry}>
            {TEXT.retry}
          </Button>
          {extra}
        </>
      }
    />
  );
}
