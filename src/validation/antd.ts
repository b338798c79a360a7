import type { Rule } from 'antd/es/form';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';

/**
 * Turns one field of a yup object schema into an antd Form rule, so ProForm
 * shows the yup message and the rule text lives only in src/validation.
 */
export function yupField<T extends AnyObject>(schema: ObjectSchema<T>, field: keyof T & string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      try {
        await schema.validateAt(field, { [field]: value } as AnyObject);
      } catch (error) {
        if (error instanceof ValidationError) throw new Error(error.message, { cause: error });
        throw error;
      }
    },
  };
}

/** Is this field required in the schema? (drives the asterisk on the label) */
export function isRequired<T extends AnyObject>(schema: ObjectSchema<T>, field: keyof T & string): boolean {
  const description = schema.describe().fields[field] as { optional?: boolean } | undefined;
  return description?.optional === false;
}
