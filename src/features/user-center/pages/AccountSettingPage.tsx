/**
 * 账号设置: mobile number, password (change, or reset/set by SMS code) and
 * deleting the account. Whether a password is set comes from the auth detail.
 */
import { Button, List, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useGetAuthDetail } from '@generated/workbench/workbench';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { PageFrame } from '@/ui/PageFrame';
import { LoadFailed } from '@/ui/LoadFailed';
import { ChangeMobileDialog } from '../account/ChangeMobileDialog';
import { ChangePasswordDialog } from '../account/ChangePasswordDialog';
import { DeleteAccountDialog } from '../account/DeleteAccountDialog';
import { ResetPasswordDialog } from '../account/ResetPasswordDialog';
import { maskPhone } from '../account/SmsCodeButton';

type Open = 'mobile' | 'change-password' | 'reset-password' | 'delete' | null;

export default function AccountSettingPage() {
  const { info } = useSession();
  const auth = useGetAuthDetail({ query: { retry: false } });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const hasPassword = auth.data?.has_password !== false;
  const phone = auth.data?.phone || info.phone;

  let content;
  if (auth.isPending) content = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (auth.isError)
    content = <LoadFailed title={ACCOUNT_TEXT.loadFailed} onRetry={() => void auth.refetch()} />;
  else
    content = (
      <List itemLayout="horizontal">
        {/* The items' list element, as antd renders it for a dataSource: an <li> needs its <ul>. */}
        <ul className="ant-list-items">
          <List.Item
            actions={[
              <Button key="mobile" onClick={() => setOpen('mobile')}>
                {ACCOUNT_TEXT.changeMobile}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={ACCOUNT_TEXT.mobile}
              description={<span className="account-setting-desc">{maskPhone(phone)}</span>}
            />
          </List.Item>
          <List.Item
            actions={[
              <Space key="password" wrap>
                {hasPassword ? (
                  <Button onClick={() => setOpen('change-password')}>{ACCOUNT_TEXT.changePassword}</Button>
                ) : null}
                <Button type={hasPassword ? 'link' : 'default'} onClick={() => setOpen('reset-password')}>
                  {hasPassword ? ACCOUNT_TEXT.resetPassword : ACCOUNT_TEXT.setPassword}
                </Button>
              </Space>,
            ]}
          >
            <List.Item.Meta
              title={ACCOUNT_TEXT.password}
              description={hasPassword ? ACCOUNT_TEXT.passwordSet : ACCOUNT_TEXT.passwordUnset}
            />
          </List.Item>
          <List.Item
            actions={[
              <Button key="delete" danger onClick={() => setOpen('delete')}>
                {ACCOUNT_TEXT.deleteAccount}
              </Button>,
            ]}
          >
            <List.Item.Meta title={ACCOUNT_TEXT.deleteAccount} description={ACCOUNT_TEXT.deleteAccountHint} />
          </List.Item>
        </ul>
      </List>
    );

  return (
    <PageFrame title={ACCOUNT_TEXT.menu.accountSetting}>
      {content}
      <ChangeMobileDialog open={open === 'mobile'} currentPhone={phone} onClose={close} />
      <ChangePasswordDialog open={open === 'change-password'} onClose={close} />
      <ResetPasswordDialog
        open={open === 'reset-password'}
        title={hasPassword ? ACCOUNT_TEXT.resetPassword : ACCOUNT_TEXT.setPassword}
        phone={phone}
        onClose={close}
      />
      <DeleteAccountDialog open={open === 'delete'} phone={phone} onClose={close} />
    </PageFrame>
  );
}
