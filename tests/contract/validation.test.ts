/**
 * The client's form rules (src/validation, yup) and the contract's constraints
 * (packages/contracts/openapi/workbench.yaml) must say the same thing: same required fields, same
 * maximum lengths, same enums, same patterns. If one changes, this fails.
 */
import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { FEEDBACK_IMAGES_MAX } from '@/constants/limits';
import { MOBILE_PATTERN, activityFeedbackSchema, questionFeedbackSchema } from '@/validation';
import { loadDoc, type Doc } from './load';

const schemas = loadDoc('workbench.yaml').components.schemas as Record<string, Doc>;

interface YupTest {
  name?: string;
  params?: Record<string, unknown>;
}
interface YupField {
  type: string;
  optional: boolean;
  tests: YupTest[];
  oneOf: unknown[];
}

function describeFields(schema: ObjectSchema<AnyObject>): Record<string, YupField> {
  return schema.describe().fields as unknown as Record<string, YupField>;
}

function yupMax(field: YupField): number | undefined {
  return field.tests.find((t) => t.name === 'max')?.params?.max as number | undefined;
}

function compare(name: string, yup: ObjectSchema<AnyObject>, contract: Doc) {
  const fields = describeFields(yup);
  const yupRequired = Object.entries(fields)
    .filter(([, f]) => !f.optional && f.type !== 'array')
    .map(([k]) => k)
    .sort();
  const contractRequired = (contract.required as string[])
    .filter((k) => contract.properties[k].type !== 'array')
    .sort();

  it(`${name}: same required fields`, () => {
    expect(yupRequired).toEqual(contractRequired);
  });

  it(`${name}: same fields`, () => {
    expect(Object.keys(fields).sort()).toEqual(Object.keys(contract.properties).sort());
  });

  for (const [key, field] of Object.entries(fields)) {
    const prop = contract.properties[key] as Doc;
    if (field.type === 'string') {
      it(`${name}.${key}: max length ${prop.maxLength}`, () => {
        expect(yupMax(field)).toBe(prop.maxLength);
      });
      if (prop.format === 'email') {
        it(`${name}.${key}: email on both sides`, () => {
          expect(field.tests.some((t) => t.name === 'email')).toBe(true);
        });
      }
    }
    if (field.type === 'number') {
      it(`${name}.${key}: same choices`, () => {
        expect([...field.oneOf].filter((v) => v !== undefined).sort()).toEqual(
          [...(prop.enum as number[])].sort(),
        );
      });
    }
    if (field.type === 'array') {
      it(`${name}.${key}: at most ${prop.maxItems} items`, () => {
        expect(yupMax(field)).toBe(prop.maxItems);
        expect(prop.maxItems).toBe(FEEDBACK_IMAGES_MAX);
      });
    }
  }
}

describe('validation rules agree with the contract', () => {
  compare('ActivityFeedback', activityFeedbackSchema, schemas.ActivityFeedback!);
  compare('QuestionFeedback', questionFeedbackSchema, schemas.QuestionFeedback!);

  it('the mobile rule is the contract PhoneNumber pattern', () => {
    expect(MOBILE_PATTERN.source).toBe(schemas.PhoneNumber!.pattern);
  });
});
