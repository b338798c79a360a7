/** Every message of SPEC §5's feedback rules, straight from the schemas (the dialog tests show them in the forms). */
import { describe, expect, it } from 'vitest';
import { activityFeedbackSchema, questionFeedbackSchema } from './feedback';

const activity = {
  experiencer_name: '林小雀',
  experiencer_email: 'lin@example.com',
  use_experience: 1,
  manual_effect: 3,
  product_advantage: '好用',
  product_shortage: '略慢',
  suggestion: '加导出',
};
const question = {
  experiencer_name: '林小雀',
  experiencer_email: 'lin@example.com',
  description: '图片不显示',
  image_urls: [],
};

async function messageOf(
  schema: typeof activityFeedbackSchema | typeof questionFeedbackSchema,
  value: object,
  field: string,
) {
  try {
    await schema.validateAt(field, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('activity feedback rules', () => {
  it.each([
    ['experiencer_name', '', '请输入体验官姓名'],
    ['experiencer_name', 'a'.repeat(31), '长度不能超过30个字符'],
    ['experiencer_email', '', '请输入邮箱'],
    ['experiencer_email', 'not-an-email', '请输入正确的邮箱！'],
    ['experiencer_email', `${'a'.repeat(95)}@x.com`, '长度不能超过100个字符'],
    ['use_experience', undefined, '请选择'],
    ['manual_effect', 4, '请选择'],
    ['product_advantage', '  ', '请输入您的想法'],
    ['product_shortage', '', '请输入您的想法'],
    ['suggestion', 'x'.repeat(2001), '长度不能超过2000个字符'],
  ])('%s = %j → %s', async (field, value, expected) => {
    expect(await messageOf(activityFeedbackSchema, { ...activity, [field]: value }, field)).toBe(expected);
  });

  it('accepts the limits themselves', async () => {
    const atLimits = {
      ...activity,
      experiencer_name: 'a'.repeat(30),
      suggestion: 'x'.repeat(2000),
      experiencer_email: `${'a'.repeat(94)}@x.com`,
    };
    await expect(activityFeedbackSchema.validate(atLimits)).resolves.toBeTruthy();
  });
});

describe('question feedback rules', () => {
  it.each([
    ['experiencer_name', '', '请输入反馈人姓名'],
    ['experiencer_name', 'a'.repeat(31), '长度不能超过30个字符'],
    ['experiencer_email', '', '请输入邮箱'],
    ['experiencer_email', 'a@', '请输入正确的邮箱！'],
    ['experiencer_email', `${'a'.repeat(95)}@x.com`, '长度不能超过100个字符'],
    ['description', '', '请描述您所遇到的问题'],
    ['description', 'x'.repeat(2001), '长度不能超过2000个字符'],
  ])('%s = %j → %s', async (field, value, expected) => {
    expect(await messageOf(questionFeedbackSchema, { ...question, [field]: value }, field)).toBe(expected);
  });

  it('takes at most 5 image URLs', async () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/${i}.png`);
    await expect(questionFeedbackSchema.validate({ ...question, image_urls: urls(5) })).resolves.toBeTruthy();
    await expect(questionFeedbackSchema.validate({ ...question, image_urls: urls(6) })).rejects.toThrow();
  });
});
