/** formik values and errors shown through antd's Form.Item (label, red help text). */
import { Form } from 'antd';
import { getIn, type FormikProps } from 'formik';
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';

export interface BoundInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (e: FocusEvent<HTMLInputElement>) => void;
  status?: 'error';
  'aria-label'?: string;
}

export function FormikField<V extends object>({
  formik,
  name,
  label,
  ariaLabel,
  idPrefix,
  extra,
  children,
}: {
  formik: FormikProps<V>;
  name: keyof V & string;
  /** The visible label; or `ariaLabel` when the surrounding layout already names the field. */
  label?: ReactNode;
  ariaLabel?: string;
  idPrefix: string;
  extra?: ReactNode;
  children: (props: BoundInputProps) => ReactNode;
}) {
  const error = getIn(formik.errors, name) as string | undefined;
  const shown = !!error && (!!getIn(formik.touched, name) || formik.submitCount > 0);
  const id = `${idPrefix}-${name}`;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required
      validateStatus={shown ? 'error' : undefined}
      help={shown ? error : undefined}
      extra={extra}
    >
      {children({
        id,
        name,
        value: (getIn(formik.values, name) as string | undefined) ?? '',
        onChange: formik.handleChange,
        onBlur: formik.handleBlur,
        status: shown ? 'error' : undefined,
        'aria-label': ariaLabel,
      })}
    </Form.Item>
  );
}
