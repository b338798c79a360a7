/**
 * 个人信息's user name form (formik + yup), drawn in the name's place while it is edited. Its own
 * module: the page fetches it (with antd's Form, formik and the validation rules) when its 修改
 * button is first wanted (`lazyDialog`), not with the page.
 */
import { App, Button, Form, Input, Space } from 'antd';
import { useFormik } from 'formik';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import type { DialogControl } from '@/ui/lazy-dialog';
import { USER_NAME_MAX, userNameSchema, type UserNameValues } from '@/validation';
import { FormikField } from '../formik-field';
import { useSaveUserInfo } from '../user-info-cache';

export default function UserNameForm({ open, onOpenChange }: DialogControl) {
  return open ? <NameForm onDone={() => onOpenChange(false)} /> : null;
}

function NameForm({ onDone }: { onDone: () => void }) {
  const { info } = useSession();
  const { message } = App.useApp();
  const save = useSaveUserInfo();
  const formik = useFormik<UserNameValues>({
    initialValues: { user_name: info.user_name ?? '' },
    validationSchema: userNameSchema,
    onSubmit: async (values) => {
      try {
        await save.mutateAsync({ data: { avatar_url: info.avatar_url, user_name: values.user_name.trim() } });
      } catch {
        return; // the transport said why; what was typed stays
      }
      void message.success(ACCOUNT_TEXT.nameSaved);
      onDone();
    },
  });
  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={formik.handleSubmit} noValidate className="user-name-form">
        <FormikField formik={formik} name="user_name" ariaLabel={ACCOUNT_TEXT.userName} idPrefix="base-info">
          {(props) => (
            <Input
              {...props}
              placeholder={ACCOUNT_TEXT.userNamePlaceholder}
              autoFocus
              style={{ maxWidth: 320 }}
              showCount={{ formatter: ({ count }) => `${count} / ${USER_NAME_MAX}` }}
            />
          )}
        </FormikField>
        <Space>
          <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
            {ACCOUNT_TEXT.save}
          </Button>
          <Button onClick={onDone}>{ACCOUNT_TEXT.cancel}</Button>
        </Space>
      </form>
    </Form>
  );
}
