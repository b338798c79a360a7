/** 个人信息: avatar, user name (editable, formik + yup) and phone. */
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Input, Space } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { dialogs } from '@/ui/dialogs';
import { PageFrame } from '@/ui/PageFrame';
import { USER_NAME_MAX, userNameSchema, type UserNameValues } from '@/validation';
import { UserAvatar } from '@/ui/UserAvatar';
import { FormikField } from '../formik-field';
import { useSaveUserInfo } from '../user-info-cache';

function UserNameForm({ onDone }: { onDone: () => void }) {
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

export default function BaseInfoPage() {
  const { info } = useSession();
  const [editing, setEditing] = useState(false);
  return (
    <PageFrame title={ACCOUNT_TEXT.menu.baseInfo}>
      <Descriptions column={1} styles={{ label: { width: 120 } }}>
        <Descriptions.Item label={ACCOUNT_TEXT.avatar}>
          <Space size="middle">
            <UserAvatar size={56} url={info.avatar_url} />
            <Button type="link" onClick={() => dialogs.open('avatar')}>
              {ACCOUNT_TEXT.changeAvatar}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={ACCOUNT_TEXT.userName}>
          {editing ? (
            <UserNameForm onDone={() => setEditing(false)} />
          ) : (
            <Space>
              <span data-testid="base-info-name">{info.user_name || ACCOUNT_TEXT.noName}</span>
              <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {ACCOUNT_TEXT.edit}
              </Button>
            </Space>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={ACCOUNT_TEXT.phone}>{info.phone}</Descriptions.Item>
      </Descriptions>
    </PageFrame>
  );
}
