/** 问题反馈: a problem report with up to 5 images (SPEC §3, §5). */
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, App } from 'antd';
import { useState } from 'react';
import { submitQuestionFeedback } from '@generated/workbench/workbench';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGES_MAX, FEEDBACK_TEXT_MAX } from '@/constants/limits';
import { FEEDBACK_TEXT, TEXT } from '@/constants/texts';
import { isRequired, questionFeedbackSchema, yupField, type QuestionFeedbackValues } from '@/validation';
import { clearDraft, hasDraft, loadDraft, saveDraft } from './feedback-draft';
import {
  FeedbackImagesField,
  finishedEntries,
  isUploading,
  uploadedUrls,
  type ImageEntry,
} from './FeedbackImagesField';
import { FormActions } from './FormActions';

type Field = keyof QuestionFeedbackValues & string;
type FormValues = Omit<QuestionFeedbackValues, 'image_urls'> & { images?: ImageEntry[] };
const L = FEEDBACK_TEXT.labels;
const item = (field: Field) => ({
  name: field,
  rules: [yupField(questionFeedbackSchema, field)],
  required: isRequired(questionFeedbackSchema, field),
});

export function QuestionFeedbackForm({
  onCancel,
  onSubmitted,
}: {
  onCancel: () => void;
  onSubmitted: () => void;
}) {
  const { message } = App.useApp();
  const [initial] = useState(() => loadDraft<FormValues>('question'));
  const [restored] = useState(() => hasDraft('question'));

  const onFinish = async ({ images, ...values }: FormValues) => {
    if (isUploading(images)) {
      void message.warning(FEEDBACK_TEXT.uploadsPending);
      return false;
    }
    const body = await questionFeedbackSchema.validate(
      { ...values, image_urls: uploadedUrls(images) },
      { stripUnknown: true },
    );
    try {
      await submitQuestionFeedback(body);
    } catch {
      return false; // the transport has shown why; everything typed stays (also in the draft)
    }
    clearDraft('question');
    void message.success(TEXT.feedbackSent);
    onSubmitted();
    return true;
  };

  return (
    <ProForm<FormValues>
      name="question-feedback"
      layout="vertical"
      initialValues={initial}
      scrollToFirstError={{ block: 'center' }}
      onValuesChange={(_, { images, ...all }) =>
        saveDraft('question', { ...all, images: finishedEntries(images) })
      }
      onFinish={onFinish}
      submitter={{
        searchConfig: { submitText: FEEDBACK_TEXT.submit },
        render: (_, [, submit]) => <FormActions onCancel={onCancel} submit={submit} />,
      }}
    >
      {restored ? (
        <Alert className="feedback-draft-note" type="info" showIcon message={FEEDBACK_TEXT.draftKept} />
      ) : null}
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
    </ProForm>
  );
}
