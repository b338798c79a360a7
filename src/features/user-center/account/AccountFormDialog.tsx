/**
 * A small modal form of the account settings (formik + yup): OK submits, Enter
 * submits, closing throws away what was typed (passwords and codes are not kept).
 */
import { Form, Modal } from 'antd';
import { useFormik, type FormikConfig, type FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { ACCOUNT_TEXT } from '@/constants/texts';

interface Props<V extends object> {
  open: boolean;
  title: string;
  okText?: string;
  danger?: boolean;
  /** Extra condition for the OK button (e.g. the typed confirmation matches). */
  canSubmit?: (values: V) => boolean;
  onClose: () => void;
  config: FormikConfig<V>;
  children: (formik: FormikProps<V>) => ReactNode;
}

function Body<V extends object>({
  title,
  okText,
  danger,
  canSubmit,
  onClose,
  config,
  children,
}: Omit<Props<V>, 'open'>) {
  const formik = useFormik<V>({ validateOnBlur: true, validateOnChange: true, ...config });
  return (
    <Modal
      open
      title={title}
      okText={okText ?? ACCOUNT_TEXT.save}
      cancelText={ACCOUNT_TEXT.cancel}
      okButtonProps={{ danger, disabled: canSubmit ? !canSubmit(formik.values) : false }}
      confirmLoading={formik.isSubmitting}
      onOk={() => void formik.submitForm()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form layout="vertical" component={false}>
        <form onSubmit={formik.handleSubmit} noValidate>
          {children(formik)}
          {/* Enter in a field submits, like the OK button */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      </Form>
    </Modal>
  );
}

export function AccountFormDialog<V extends object>({ open, ...rest }: Props<V>) {
  // Mounted only while open: every opening starts empty.
  return open ? <Body {...rest} /> : null;
}
