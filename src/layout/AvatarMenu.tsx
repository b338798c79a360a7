import { Dropdown, Tooltip, type MenuProps } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@/access';
import { useSession } from '@/session/bootstrap';
import { dialogs } from '@/ui/dialogs';
import { navigation } from '@/ui/navigation';
import { SHELL_TEXT } from '@/constants/texts';
import { UserAvatar } from '@/ui/UserAvatar';
import { ROUTES } from '@/constants/routes';
import { avatarMenuEntries, type AvatarMenuEntry } from './avatar-menu';

function entryLabel(entry: AvatarMenuEntry) {
  if (entry.key === 'enterprise' && entry.truncated) {
    return (
      <Tooltip title={entry.fullName} placement="left">
        <span>{entry.label}</span>
      </Tooltip>
    );
  }
  if (entry.key === 'personal' || entry.key === 'enterprise') {
    return (
      <span className="avatar-menu-space">
        <span className="avatar-menu-space-kind">
          {entry.key === 'personal' ? SHELL_TEXT.personalSpace : SHELL_TEXT.enterpriseSpace}
        </span>
        <span>{entry.label}</span>
      </span>
    );
  }
  return entry.label;
}

export function AvatarMenu() {
  const { info, config } = useSession();
  const access = useAccess();
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const entries = avatarMenuEntries({
    userName: info.user_name,
    phone: info.phone,
    tenantName: config.last_login_tenant_name,
    isPersonal: access.isPersonal,
    isFrozen: access.isFrozen,
    tenantTotal: access.tenantTotal,
    hasMenus: access.hasMenus,
    adminPath: access.adminPath,
    isOwner: access.isOwner,
  });

  const act = (entry: AvatarMenuEntry) => {
    switch (entry.key) {
      case 'personal':
        navigate(ROUTES.userCenter.baseInfo);
        break;
      case 'admin':
        navigate(entry.path);
        break;
      case 'invite':
        dialogs.open('invite');
        break;
      case 'switch-enterprise':
        navigation.openEntrance();
        break;
      case 'create-enterprise':
        navigation.openEntrance('?create=1');
        break;
      case 'account-settings':
        navigate(ROUTES.userCenter.accountSetting);
        break;
      case 'my-feedback':
        navigate(ROUTES.userCenter.myFeedback);
        break;
      case 'logout':
        dialogs.open('logout');
        break;
      default:
        break;
    }
  };

  const items: MenuProps['items'] = entries.flatMap((entry, i) => {
    const item = { key: entry.key, label: entryLabel(entry), 'data-testid': `avatar-menu-${entry.key}` };
    const divider =
      entry.key === 'account-settings' || (entry.key === 'logout' && i > 0)
        ? [{ type: 'divider' as const }]
        : [];
    return [...divider, item];
  });

  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closed with Esc (or Tab) from inside the menu: the focus goes back to the button, not to <body>.
        const focused = document.activeElement;
        if (!next && (!focused || focused === document.body || focused.closest('.ant-dropdown')))
          triggerRef.current?.focus();
      }}
      // The menu takes the focus when it opens (the arrow keys then move between its entries;
      // Esc closes it and returns the focus to the button), as a WAI-ARIA menu button does.
      autoFocus
      // Click only: with hover as well, a click that lands after the hover delay toggles the menu shut again.
      trigger={['click']}
      // Inside the fixed top bar rather than the document: the menu stays under its button when
      // the page scrolls, instead of scrolling away and being moved back a frame later.
      getPopupContainer={(button) => button.parentElement ?? document.body}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          // Chosen with Enter: the key must not go on to the button that gets the focus below, or
          // it clicks it, the menu opens again and takes the focus from the dialog just opened.
          domEvent.preventDefault();
          const entry = entries.find((e) => e.key === key);
          // Focus back on the trigger first: a dialog opened from here returns focus to it when it closes, not to the hidden menu.
          triggerRef.current?.focus();
          setOpen(false);
          if (entry) act(entry);
        },
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className="top-action avatar-trigger"
        aria-label={SHELL_TEXT.accountMenu}
        data-testid="avatar-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={(event) => {
          // ArrowDown / ArrowUp open the menu too (Enter and Space click the button).
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UserAvatar size={28} url={info.avatar_url} />
      </button>
    </Dropdown>
  );
}
