/** 问题反馈: a problem report with up to 5 images (SPEC §3, §5). */
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { App } from 'antd';
import type { QuestionFeedback } from '@generated/workbench/model';
import { submitQuestionFeedback } from '@generated/workbench/workbench';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGES_MAX, FEEDBACK_TEXT_MAX } from '@/constants/limits';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { isRequired, questionFeedbackSchema, yupField, type QuestionFeedbackValues } from '@/validation';
import {
  FeedbackImagesField,
  finishedEntries,
  isUploading,
  uploadedUrls,
  type ImageEntry,
} from './FeedbackImagesField';
import { FeedbackForm, type FeedbackFormProps } from './FeedbackForm';

type Field = keyof QuestionFeedbackValues & string;
type FormValues = Omit<QuestionFeedbackValues, 'image_urls'> & { images?: ImageEntry[] };
const L = FEEDBACK_TEXT.labels;
const item = (field: Field) => ({
  name: field,
  rules: [yupField(questionFeedbackSchema, field)],
  required: isRequired(questionFeedbackSchema, field),
});

// Images still uploading are not in the draft: only those that have their URL.
const toDraft = ({ images, ...values }: FormValues) => ({ ...values, images: finishedEntries(images) });

export function QuestionFeedbackForm(props: FeedbackFormProps) {
  const { message } = App.useApp();

  const prepare = async ({ images, ...values }: FormValues): Promise<QuestionFeedback | null> => {
    if (isUploading(images)) {
      void message.warning(FEEDBACK_TEXT.uploadsPending);
      return null;
    }
    return questionFeedbackSchema.validate(
      { ...values, image_urls: uploadedUrls(images) },
      { stripUnknown: true },
    );
  };

  return (
    <FeedbackForm<FormValues, QuestionFeedback>
      {...props}
      kind="question"
      prepare={prepare}
      send={submitQuestionFeedback}
      toDraft={toDraft}
    >
      <ProFormText
        {...item('experiencer_name')}
        label={L.questionName}
        placeholder={FEEDBACK_TEXT.placeholders.name}
      />
      <ProFormText
        {...item('experiencer_email')}
        label={L.email}
        placeholder={FEEDBACK_TEXT.placeholders.email}
      />
      <ProFormTextArea
        {...item('description')}
        label={L.description}
        placeholder={FEEDBACK_TEXT.placeholders.description}
        fieldProps={{ showCount: true, maxLength: FEEDBACK_TEXT_MAX, autoSize: { minRows: 4, maxRows: 10 } }}
      />
      <ProForm.Item
        name="images"
        label={L.images}
        extra={FEEDBACK_TEXT.imageHint(FEEDBACK_IMAGES_MAX, FEEDBACK_IMAGE_MAX_BYTES / 1024)}
      >
        <FeedbackImagesField />
      </ProForm.Item>
    </FeedbackForm>
  );
}
