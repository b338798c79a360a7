/**
 * The common frame of the two feedback detail pages: the id from `?id=`, and
 * the loading, error and not-found states around the feedback itself.
 */
import { Skeleton } from 'antd';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/transport';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { PageFrame } from '@/ui/PageFrame';
import '../feedback.css';
import { LoadFailed } from '@/ui/LoadFailed';
import { ROUTES } from '@/constants/routes';
import { feedbackIdOf } from '../first-data';
import { BackToList } from './BackToList';

// Shown when there is no feedback to show, and fetched then (antd's Result, with its illustrations).
const FeedbackMissing = lazy(() => import('./FeedbackMissing'));

export function useFeedbackId(): string {
  const [params] = useSearchParams();
  return feedbackIdOf(params);
}

interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export function FeedbackDetailFrame<T>({
  title,
  id,
  query,
  children,
}: {
  title: string;
  id: string;
  query: QueryState<T>;
  children: (data: T) => ReactNode;
}) {
  let content: ReactNode;
  const loading = <Skeleton active paragraph={{ rows: 6 }} />;
  const missing = (reason: 'no-id' | 'not-found') => (
    <Suspense fallback={loading}>
      <FeedbackMissing reason={reason} />
    </Suspense>
  );
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  if (!id) {
    content = missing('no-id');
  } else if (query.isPending) {
    content = loading;
  } else if (notFound || (!query.isError && !query.data)) {
    content = missing('not-found');
  } else if (query.isError) {
    content = (
      <LoadFailed
        title={FEEDBACK_TEXT.loadFailed}
        description={query.error instanceof Error ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        extra={<BackToList key="back" />}
      />
    );
  } else {
    content = children(query.data as T);
  }
  return (
    <PageFrame
      title={title}
      extra={
        query.data ? <Link to={ROUTES.userCenter.myFeedback}>{FEEDBACK_TEXT.backToList}</Link> : undefined
      }
    >
      {content}
    </PageFrame>
  );
}

/** Server text, shown as text (never as HTML), keeping its line breaks. */
export function FeedbackText({ value }: { value: string | undefined }) {
  return <span className="feedback-text">{value ?? ''}</span>;
}
