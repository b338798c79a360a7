/**
 * /user-info/*: the left column (avatar with its "更换头像" popover, the user's
 * phone, the menu of SPEC §2 "User-center left menu") beside the page.
 */
import { Button, ConfigProvider, Menu, Popover } from 'antd';
import { useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAccess } from '@/access';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { dialogs } from '@/ui/dialogs';
import { PAGE_MENU_THEME } from '@/ui/theme';
import './user-center.css';
import { UserAvatar } from '@/ui/UserAvatar';
import { isWithin } from '@/constants/routes';
import { userCenterMenu } from '@/constants/user-center-menu';

export default function UserCenterLayout() {
  const { info } = useSession();
  const { homePage } = useAccess();
  const { pathname } = useLocation();
  const [popoverOpen, setPopoverOpen] = useState(false);
  const avatarButtonRef = useRef<HTMLButtonElement>(null);
  const entries = userCenterMenu(homePage);
  const selected = entries.find((entry) => isWithin(pathname, entry.path))?.path;

  return (
    <div className="user-center">
      <aside className="user-center-side" aria-label={ACCOUNT_TEXT.centerTitle}>
        <div className="user-center-profile">
          <Popover
            placement="right"
            // Click only, like the top bar's avatar menu: hover plus click toggles it shut on a slow click.
            trigger={['click']}
            open={popoverOpen}
            onOpenChange={setPopoverOpen}
            content={
              <Button
                type="link"
                onClick={() => {
                  // The popover closes and the avatar button takes the focus first: the dialog
                  // gives the focus back to it when it closes, not to the vanished popover.
                  setPopoverOpen(false);
                  avatarButtonRef.current?.focus();
                  dialogs.open('avatar');
                }}
                data-testid="change-avatar"
              >
                {ACCOUNT_TEXT.changeAvatar}
              </Button>
            }
          >
            <button
              ref={avatarButtonRef}
              type="button"
              className="user-center-avatar"
              aria-label={ACCOUNT_TEXT.avatar}
              data-testid="user-center-avatar"
            >
              <UserAvatar size={72} url={info.avatar_url} />
            </button>
          </Popover>
          <div className="user-center-name">{info.user_name || ACCOUNT_TEXT.noName}</div>
          <div className="user-center-phone" data-testid="user-center-phone">
            {info.phone}
          </div>
        </div>
        <ConfigProvider theme={PAGE_MENU_THEME}>
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={entries.map((entry) => ({
              key: entry.path,
              label: <Link to={entry.path}>{entry.label}</Link>,
            }))}
          />
        </ConfigProvider>
      </aside>
      <section className="user-center-main">
        <Outlet />
      </section>
    </div>
  );
}
