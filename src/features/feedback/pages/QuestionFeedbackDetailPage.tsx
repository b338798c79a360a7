/** /question-feedback-detail?id=…: one question feedback with its images. */
import { Descriptions, Image, Space } from 'antd';
import { getGetQuestionFeedbackQueryKey, useGetQuestionFeedback } from '@generated/workbench/workbench';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { useFetchedWithShell } from '@/session/first-data';
import { safeExternalLink } from '@/ui/safe-url';
import { formatTime } from '@/ui/format';
import { IMAGE_FALLBACK } from '@/ui/images';
import { FeedbackDetailFrame, FeedbackText, useFeedbackId } from './FeedbackDetailFrame';

const L = FEEDBACK_TEXT.labels;

export default function QuestionFeedbackDetailPage() {
  const id = useFeedbackId();
  // Taken as it came when the load fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getGetQuestionFeedbackQueryKey(id));
  const query = useGetQuestionFeedback(id, { query: { enabled: !!id, retry: false, ...withShell } });
  return (
    <FeedbackDetailFrame title={FEEDBACK_TEXT.questionDetailTitle} id={id} query={query}>
      {(feedback) => {
        // Only http(s) URLs from the server are shown as images.
        const images = (feedback.image_urls ?? []).flatMap((url) => safeExternalLink(url) ?? []);
        return (
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={L.questionName}>
              <FeedbackText value={feedback.experiencer_name} />
            </Descriptions.Item>
            <Descriptions.Item label={L.email}>
              <FeedbackText value={feedback.experiencer_email} />
            </Descriptions.Item>
            <Descriptions.Item label={L.description}>
              <FeedbackText value={feedback.description} />
            </Descriptions.Item>
            <Descriptions.Item label={L.images}>
              {images.length ? (
                <Image.PreviewGroup>
                  <Space wrap>
                    {images.map((src, i) => (
                      <Image
                        // eslint-disable-next-line @eslint-react/no-array-index-key -- the same image may be attached twice; the list never reorders
                        key={src + i}
                        src={src}
                        width={96}
                        height={96}
                        style={{ objectFit: 'cover' }}
                        alt={`${L.images} ${i + 1}`}
                        // An image that cannot be loaded says so, instead of an empty box.
                        fallback={IMAGE_FALLBACK}
                      />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : (
                FEEDBACK_TEXT.noImages
              )}
            </Descriptions.Item>
            <Descriptions.Item label={L.createdAt}>{formatTime(feedback.created_at)}</Descriptions.Item>
          </Descriptions>
        );
      }}
    </FeedbackDetailFrame>
  );
}
