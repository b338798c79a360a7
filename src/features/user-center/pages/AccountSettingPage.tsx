/**
 * 账号设置: mobile number, password (change, or reset/set by SMS code) and
 * deleting the account. Whether a password is set comes from the auth detail.
 */
import { Button, List, Skeleton, Space } from 'antd';
import { getGetAuthDetailQueryKey, useGetAuthDetail } from '@generated/workbench/workbench';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { maskPhone } from '@/ui/format';
import { lazyDialog } from '@/ui/lazy-dialog';
import { PageFrame } from '@/ui/PageFrame';
import { LoadFailed } from '@/ui/LoadFailed';
import { useFetchedWithShell } from '@/session/first-data';

// The dialogs (formik, the validation rules, the SMS code field) come when their button is first wanted.
const ChangeMobileDialog = lazyDialog(() => import('../account/ChangeMobileDialog'));
const ChangePasswordDialog = lazyDialog(() => import('../account/ChangePasswordDialog'));
const ResetPasswordDialog = lazyDialog(() => import('../account/ResetPasswordDialog'));
const DeleteAccountDialog = lazyDialog(() => import('../account/DeleteAccountDialog'));

export default function AccountSettingPage() {
  const { info } = useSession();
  // As a load that starts here fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getGetAuthDetailQueryKey());
  const auth = useGetAuthDetail({ query: { retry: false, ...withShell } });
  const hasPassword = auth.data?.has_password !== false;
  const phone = auth.data?.phone || info.phone;
  const resetTitle = hasPassword ? ACCOUNT_TEXT.resetPassword : ACCOUNT_TEXT.setPassword;

  let content;
  if (auth.isPending) content = <Skeleton active paragraph={{ rows: 5 }} />;
  // A failed refetch keeps what was there (and any dialog open on it).
  else if (auth.isError && !auth.data)
    content = <LoadFailed title={ACCOUNT_TEXT.loadFailed} onRetry={() => void auth.refetch()} />;
  else
    content = (
      <List itemLayout="horizontal">
        {/* The items' list element, as antd renders it for a dataSource: an <li> needs its <ul>. */}
        <ul className="ant-list-items">
          <List.Item
            actions={[
              <ChangeMobileDialog
                key="mobile"
                currentPhone={phone}
                trigger={(props) => <Button {...props}>{ACCOUNT_TEXT.changeMobile}</Button>}
              />,
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
                  <ChangePasswordDialog
                    trigger={(props) => <Button {...props}>{ACCOUNT_TEXT.changePassword}</Button>}
                  />
                ) : null}
                <ResetPasswordDialog
                  title={resetTitle}
                  phone={phone}
                  trigger={(props) => (
                    <Button {...props} type={hasPassword ? 'link' : 'default'}>
                      {resetTitle}
                    </Button>
                  )}
                />
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
              <DeleteAccountDialog
                key="delete"
                phone={phone}
                trigger={(props) => (
                  <Button {...props} danger>
                    {ACCOUNT_TEXT.deleteAccount}
                  </Button>
                )}
              />,
            ]}
          >
            <List.Item.Meta title={ACCOUNT_TEXT.deleteAccount} description={ACCOUNT_TEXT.deleteAccountHint} />
          </List.Item>
        </ul>
      </List>
    );

  return <PageFrame title={ACCOUNT_TEXT.menu.accountSetting}>{content}</PageFrame>;
}
