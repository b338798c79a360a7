/**
 * The feedback forms' rules (SPEC §5), with the spec's exact messages. The
 * contract declares the same limits (packages/contracts/openapi/workbench.yaml ActivityFeedback,
 * QuestionFeedback); tests/contract/validation.test.ts proves they agree.
 */
import { array, number, object, string, type InferType } from 'yup';
import {
  FEEDBACK_EMAIL_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_NAME_MAX,
  FEEDBACK_TEXT_MAX,
} from '@/constants/limits';
import { FEEDBACK_TEXT, RULE_TEXT } from '@/constants/texts';

/** 1 good, 2 average, 3 poor. */
export const RATING_VALUES = [1, 2, 3] as const;
export const RATING_LABELS: Record<(typeof RATING_VALUES)[number], string> = FEEDBACK_TEXT.ratings;

const email = () =>
  string()
    .trim()
    .required(RULE_TEXT.emailRequired)
    .email(RULE_TEXT.emailInvalid)
    .max(FEEDBACK_EMAIL_MAX, RULE_TEXT.emailTooLong);

const rating = () =>
  number()
    .typeError(RULE_TEXT.choose)
    .required(RULE_TEXT.choose)
    .oneOf([...RATING_VALUES], RULE_TEXT.choose);

const thought = () =>
  string().trim().required(RULE_TEXT.thoughtRequired).max(FEEDBACK_TEXT_MAX, RULE_TEXT.textTooLong);

export const activityFeedbackSchema = object({
  experiencer_name: string()
    .trim()
    .required(RULE_TEXT.activityNameRequired)
    .max(FEEDBACK_NAME_MAX, RULE_TEXT.nameTooLong),
  experiencer_email: email(),
  use_experience: rating(),
  manual_effect: rating(),
  product_advantage: thought(),
  product_shortage: thought(),
  suggestion: thought(),
});

export const questionFeedbackSchema = object({
  experiencer_name: string()
    .trim()
    .required(RULE_TEXT.questionNameRequired)
    .max(FEEDBACK_NAME_MAX, RULE_TEXT.nameTooLong),
  experiencer_email: email(),
  description: string()
    .trim()
    .required(RULE_TEXT.descriptionRequired)
    .max(FEEDBACK_TEXT_MAX, RULE_TEXT.textTooLong),
  image_urls: array(string().required()).max(FEEDBACK_IMAGES_MAX).default([]),
});

export type ActivityFeedbackValues = InferType<typeof activityFeedbackSchema>;
export type QuestionFeedbackValues = InferType<typeof questionFeedbackSchema>;
