/** /active-feedback-detail?id=…: one activity (体验官) feedback. */
import { Descriptions } from 'antd';
import { getGetActivityFeedbackQueryKey, useGetActivityFeedback } from '@generated/workbench/workbench';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { useFetchedWithShell } from '@/session/first-data';
import { RATING_LABELS } from '@/validation';
import { formatTime } from '@/ui/format';
import { FeedbackDetailFrame, FeedbackText, useFeedbackId } from './FeedbackDetailFrame';

const L = FEEDBACK_TEXT.labels;
const rating = (value: number) => RATING_LABELS[value as keyof typeof RATING_LABELS] ?? '-';

export default function ActiveFeedbackDetailPage() {
  const id = useFeedbackId();
  // Taken as it came when the load fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getGetActivityFeedbackQueryKey(id));
  const query = useGetActivityFeedback(id, { query: { enabled: !!id, retry: false, ...withShell } });
  return (
    <FeedbackDetailFrame title={FEEDBACK_TEXT.activityDetailTitle} id={id} query={query}>
      {(feedback) => (
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 140 } }}>
          <Descriptions.Item label={L.activityName}>
            <FeedbackText value={feedback.experiencer_name} />
          </Descriptions.Item>
          <Descriptions.Item label={L.email}>
            <FeedbackText value={feedback.experiencer_email} />
          </Descriptions.Item>
          <Descriptions.Item label={L.useExperience}>{rating(feedback.use_experience)}</Descriptions.Item>
          <Descriptions.Item label={L.manualEffect}>{rating(feedback.manual_effect)}</Descriptions.Item>
          <Descriptions.Item label={L.productAdvantage}>
            <FeedbackText value={feedback.product_advantage} />
          </Descriptions.Item>
          <Descriptions.Item label={L.productShortage}>
            <FeedbackText value={feedback.product_shortage} />
          </Descriptions.Item>
          <Descriptions.Item label={L.suggestion}>
            <FeedbackText value={feedback.suggestion} />
          </Descriptions.Item>
          <Descriptions.Item label={L.createdAt}>{formatTime(feedback.created_at)}</Descriptions.Item>
        </Descriptions>
      )}
    </FeedbackDetailFrame>
  );
}
