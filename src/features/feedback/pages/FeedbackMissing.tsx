/**
 * What a feedback detail page shows when there is no feedback to show: the link names none, or
 * the server has none by that id. A module of its own, fetched when shown: antd's Result and its
 * illustrations (about 10 KB gzip) are none of a detail page's first load.
 */
import { Result } from 'antd';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { BackToList } from './BackToList';

export default function FeedbackMissing({ reason }: { reason: 'no-id' | 'not-found' }) {
  return reason === 'no-id' ? (
    <Result status="warning" title={FEEDBACK_TEXT.missingId} extra={<BackToList />} />
  ) : (
    <Result
      status="404"
      title={FEEDBACK_TEXT.notFound}
      subTitle={FEEDBACK_TEXT.notFoundHint}
      extra={<BackToList />}
    />
  );
}
