/**
 * 邀请成员 (SPEC §2 "Dialogs"): an invite-link tab and an invite-by-phone tab.
 * Opened by an owner from the avatar menu, and by the guide (SPEC §4): while the
 * invite guide is still to be done, the footer button is 跳过 and closing the
 * dialog leads to the guide's end dialog.
 */
import { Button, Modal, Tabs } from 'antd';
import { TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { InviteLinkPanel } from './InviteLinkPanel';
import { InvitePhoneForm } from './InvitePhoneForm';

export default function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { config, isPersonal } = useSession();
  const inGuide = config.is_owner && !isPersonal && !config.is_skip_guide_page_2;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={TEXT.tenant.inviteTitle}
      width={560}
      footer={
        <Button autoInsertSpace={false} onClick={onClose}>
          {inGuide ? TEXT.tenant.inviteSkip : TEXT.tenant.inviteClose}
        </Button>
      }
    >
      <Tabs
        items={[
          { key: 'link', label: TEXT.tenant.inviteLinkTab, children: <InviteLinkPanel active={open} /> },
          {
            key: 'phone',
            label: TEXT.tenant.invitePhoneTab,
            children: <InvitePhoneForm tenantLink={config.last_login_tenant_link} />,
          },
        ]}
      />
    </Modal>
  );
}
