/**
 * /user-info/*: the left column (avatar with its "更换头像" popover, the user's
 * phone, the menu of SPEC §2 "User-center left menu") beside the page.
 */
import { Button, Menu, Popover } from 'antd';
import { useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAccess } from '@/access';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { dialogs } from '@/ui/dialogs';
import './user-center.css';
import { UserAvatar } from '@/ui/UserAvatar';
import { isWithin, ROUTES } from '@/constants/routes';

const USER_CENTER_MENU = [
  { path: ROUTES.userCenter.baseInfo, label: ACCOUNT_TEXT.menu.baseInfo },
  { path: ROUTES.userCenter.accountSetting, label: ACCOUNT_TEXT.menu.accountSetting },
  { path: ROUTES.userCenter.thirdAccount, label: ACCOUNT_TEXT.menu.thirdAccount },
  { path: ROUTES.userCenter.enterprise, label: ACCOUNT_TEXT.menu.enterprise, hiddenOnPage2: true },
  { path: ROUTES.userCenter.myFeedback, label: ACCOUNT_TEXT.menu.myFeedback },
] as const;

export default function UserCenterLayout() {
  const { info } = useSession();
  const { homePage } = useAccess();
  const { pathname } = useLocation();
  const [popoverOpen, setPopoverOpen] = useState(false);
  const avatarButtonRef = useRef<HTMLButtonElement>(null);
  // Joined enterprises is hidden in engine home mode (page2, SPEC §6).
  const entries = USER_CENTER_MENU.filter((entry) => !('hiddenOnPage2' in entry && homePage === 'page2'));
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
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={entries.map((entry) => ({
            key: entry.path,
            label: <Link to={entry.path}>{entry.label}</Link>,
          }))}
        />
      </aside>
      <section className="user-center-main">
        <Outlet />
      </section>
    </div>
  );
}
