/** 体验反馈: the product-experience officer's form (SPEC §3, §5). */
import { ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { ActivityFeedback } from '@generated/workbench/model';
import { submitActivityFeedback } from '@generated/workbench/workbench';
import { FEEDBACK_TEXT_MAX } from '@/constants/limits';
import { FEEDBACK_TEXT } from '@/constants/texts';
import {
  activityFeedbackSchema,
  isRequired,
  RATING_LABELS,
  RATING_VALUES,
  yupField,
  type ActivityFeedbackValues,
} from '@/validation';
import { FeedbackForm, type FeedbackFormProps } from './FeedbackForm';

type Field = keyof ActivityFeedbackValues & string;
const L = FEEDBACK_TEXT.labels;
const ratingOptions = RATING_VALUES.map((value) => ({ value, label: RATING_LABELS[value] }));
const textArea = { showCount: true, maxLength: FEEDBACK_TEXT_MAX, autoSize: { minRows: 3, maxRows: 8 } };
const item = (field: Field) => ({
  name: field,
  rules: [yupField(activityFeedbackSchema, field)],
  required: isRequired(activityFeedbackSchema, field),
});

// The schema's oneOf(RATING_VALUES) guarantees the ratings are 1 | 2 | 3.
const prepare = async (values: ActivityFeedbackValues) =>
  (await activityFeedbackSchema.validate(values, { stripUnknown: true })) as ActivityFeedback;

export function ActivityFeedbackForm(props: FeedbackFormProps) {
  return (
    <FeedbackForm<ActivityFeedbackValues, ActivityFeedback>
      {...props}
      kind="activity"
      prepare={prepare}
      send={submitActivityFeedback}
    >
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
    </FeedbackForm>
  );
}
