/** 体验反馈: the product-experience officer's form (SPEC §3, §5). */
import { ProForm, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, App } from 'antd';
import { useState } from 'react';
import type { ActivityFeedback } from '@generated/workbench/model';
import { submitActivityFeedback } from '@generated/workbench/workbench';
import { FEEDBACK_TEXT_MAX } from '@/constants/limits';
import { FEEDBACK_TEXT, TEXT } from '@/constants/texts';
import {
  activityFeedbackSchema,
  isRequired,
  RATING_LABELS,
  RATING_VALUES,
  yupField,
  type ActivityFeedbackValues,
} from '@/validation';
import { clearDraft, hasDraft, loadDraft, saveDraft } from './feedback-draft';
import { FormActions } from './FormActions';

type Field = keyof ActivityFeedbackValues & string;
const L = FEEDBACK_TEXT.labels;
const ratingOptions = RATING_VALUES.map((value) => ({ value, label: RATING_LABELS[value] }));
const textArea = { showCount: true, maxLength: FEEDBACK_TEXT_MAX, autoSize: { minRows: 3, maxRows: 8 } };
const item = (field: Field) => ({
  name: field,
  rules: [yupField(activityFeedbackSchema, field)],
  required: isRequired(activityFeedbackSchema, field),
});

export function ActivityFeedbackForm({
  onCancel,
  onSubmitted,
}: {
  onCancel: () => void;
  onSubmitted: () => void;
}) {
  const { message } = App.useApp();
  const [initial] = useState(() => loadDraft<ActivityFeedbackValues>('activity'));
  const [restored] = useState(() => hasDraft('activity'));

  const onFinish = async (values: Record<string, unknown>) => {
    const valid = await activityFeedbackSchema.validate(values, { stripUnknown: true });
    // The schema's oneOf(RATING_VALUES) guarantees 1 | 2 | 3.
    const body = valid as ActivityFeedback;
    try {
      await submitActivityFeedback(body);
    } catch {
      return false; // the transport has shown why; everything typed stays (also in the draft)
    }
    clearDraft('activity');
    void message.success(TEXT.feedbackSent);
    onSubmitted();
    return true;
  };

  return (
    <ProForm
      name="activity-feedback"
      layout="vertical"
      initialValues={initial}
      scrollToFirstError={{ block: 'center' }}
      onValuesChange={(_, all: Record<string, unknown>) => saveDraft('activity', all)}
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
        label={L.activityName}
        placeholder={FEEDBACK_TEXT.placeholders.name}
      />
      <ProFormText
        {...item('experiencer_email')}
        label={L.email}
        placeholder={FEEDBACK_TEXT.placeholders.email}
      />
      <ProFormRadio.Group {...item('use_experience')} label={L.useExperience} options={ratingOptions} />
      <ProFormRadio.Group {...item('manual_effect')} label={L.manualEffect} options={ratingOptions} />
      <ProFormTextArea
        {...item('product_advantage')}
        label={L.productAdvantage}
        placeholder={FEEDBACK_TEXT.placeholders.advantage}
        fieldProps={textArea}
      />
      <ProFormTextArea
        {...item('product_shortage')}
        label={L.productShortage}
        placeholder={FEEDBACK_TEXT.placeholders.shortage}
        fieldProps={textArea}
      />
      <ProFormTextArea
        {...item('suggestion')}
        label={L.suggestion}
        placeholder={FEEDBACK_TEXT.placeholders.suggestion}
        fieldProps={textArea}
      />
    </ProForm>
  );
}
