/** 个人信息: avatar, user name (editable, formik + yup) and phone. */
import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Space } from 'antd';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { dialogs } from '@/ui/dialogs';
import { lazyDialog } from '@/ui/lazy-dialog';
import { PageFrame } from '@/ui/PageFrame';
import { UserAvatar } from '@/ui/UserAvatar';

// The name's form (antd's Form, formik, the validation rules) comes when its button is first wanted.
const UserNameForm = lazyDialog(() => import('../account/UserNameForm'));

export default function BaseInfoPage() {
  const { info } = useSession();
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
          {/* While it is edited, the form is drawn in the name's place. */}
          <UserNameForm
            trigger={(props, editing) =>
              editing ? null : (
                <Space>
                  <span data-testid="base-info-name">{info.user_name || ACCOUNT_TEXT.noName}</span>
                  <Button {...props} type="link" icon={<EditOutlined />}>
                    {ACCOUNT_TEXT.edit}
                  </Button>
                </Space>
              )
            }
          />
        </Descriptions.Item>
        <Descriptions.Item label={ACCOUNT_TEXT.phone}>{info.phone}</Descriptions.Item>
      </Descriptions>
    </PageFrame>
  );
}
