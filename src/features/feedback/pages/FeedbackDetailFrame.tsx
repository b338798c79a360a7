/**
 * The common frame of the two feedback detail pages: the id from `?id=`, and
 * the loading, error and not-found states around the feedback itself.
 */
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/transport';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { PageFrame } from '@/ui/PageFrame';
import '../feedback.css';
import { LoadFailed } from '@/ui/LoadFailed';
import { ROUTES } from '@/constants/routes';
import { feedbackIdOf } from '../first-data';

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

function BackToList() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate(ROUTES.userCenter.myFeedback)}>{FEEDBACK_TEXT.backToList}</Button>;
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
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  if (!id) {
    content = <Result status="warning" title={FEEDBACK_TEXT.missingId} extra={<BackToList />} />;
  } else if (query.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (notFound || (!query.isError && !query.data)) {
    content = (
      <Result
        status="404"
        title={FEEDBACK_TEXT.notFound}
        subTitle={FEEDBACK_TEXT.notFoundHint}
        extra={<BackToList />}
      />
    );
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
