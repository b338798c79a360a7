/**
 * The guide flow (SPEC §4): welcome dialog → 4-step tour → (owner of an
 * enterprise) the invite dialog → end dialog. The rules live in the pure
 * machine (guide-machine.ts); this component shows each phase, reports the
 * finished guides, sets the flags in the user-config cache and keeps the
 * progress for reloads. `open` is the shell's 'guide' dialog: the top-bar flag
 * and the footer link open it to run the tour again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Tour, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getGetUserConfigQueryKey, skipGuidePage } from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { dialogs, useDialog } from '@/ui/dialogs';
import { initGuide, transition, type GuideEvent, type GuidePage, type GuideState } from './guide-machine';
import { readProgress, writeProgress } from './guide-progress';
import { guideFacts } from './needs-guide';
import { tourSteps } from './tour-steps';

const FLAG: Record<GuidePage, 'is_skip_guide_page' | 'is_skip_guide_page_2'> = {
  1: 'is_skip_guide_page',
  2: 'is_skip_guide_page_2',
};

function useGuideMachine() {
  const { config, isPersonal } = useSession();
  const queryClient = useQueryClient();
  const userId = config.gid;
  const [state, setState] = useState<GuideState>(() =>
    initGuide(guideFacts(config, isPersonal), readProgress(userId)),
  );
  const currentRef = useRef(state);

  const send = useCallback(
    (event: GuideEvent) => {
      const { state: next, reports } = transition(currentRef.current, event);
      if (next === currentRef.current) return;
      currentRef.current = next;
      setState(next);
      writeProgress(userId, next);
      for (const page of reports) {
        // The answer counts at once (the shell hides what it no longer needs); the report follows.
        queryClient.setQueryData<UserConfig>(getGetUserConfigQueryKey(), (old) =>
          old ? { ...old, [FLAG[page]]: true } : old,
        );
        skipGuidePage({ page }).catch(() => {
          // The transport already showed the error; the answer stands for this tab (progress is kept).
        });
      }
    },
    [queryClient, userId],
  );
  return { state, send };
}

export default function GuideFlow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { state, send } = useGuideMachine();
  const steps = useMemo(() => tourSteps(), []);
  const invite = useDialog('invite');
  const inviteSeenOpenRef = useRef(false);

  // The guide flag / footer link: run the tour again, and free the dialog for the next click.
  useEffect(() => {
    if (!open) return;
    send({ type: 'replay' });
    onClose();
  }, [open, onClose, send]);

  // Invite phase: open the shell's invite dialog; closing it (skip or ×) leads to the end dialog.
  useEffect(() => {
    if (state.phase !== 'invite') {
      inviteSeenOpenRef.current = false;
      return;
    }
    if (invite.open) inviteSeenOpenRef.current = true;
    else if (inviteSeenOpenRef.current) send({ type: 'inviteClosed' });
    else dialogs.open('invite');
  }, [state.phase, invite.open, send]);

  return (
    <>
      <Modal
        open={state.phase === 'welcome'}
        title={TEXT.guide.welcomeTitle}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={[
          <Button key="ignore" autoInsertSpace={false} onClick={() => send({ type: 'ignore' })}>
            {TEXT.guide.ignore}
          </Button>,
          <Button key="start" type="primary" autoInsertSpace={false} onClick={() => send({ type: 'start' })}>
            {TEXT.guide.start}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{TEXT.guide.welcomeBody}</Typography.Paragraph>
      </Modal>
      <Tour
        open={state.phase === 'tour'}
        current={state.step}
        steps={steps}
        onChange={(step) => send({ type: 'step', step })}
        onClose={() => send({ type: 'tourEnd', how: 'close' })}
        onFinish={() => send({ type: 'tourEnd', how: 'finish' })}
        actionsRender={(origin, { current, total }) =>
          current < total - 1 ? (
            <>
              <Button
                size="small"
                type="text"
                autoInsertSpace={false}
                onClick={() => send({ type: 'tourEnd', how: 'skip' })}
              >
                {TEXT.guide.skip}
              </Button>
              {origin}
            </>
          ) : (
            origin
          )
        }
      />
      <Modal
        open={state.phase === 'end'}
        title={TEXT.guide.endTitle}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={() => send({ type: 'endConfirm' })}>
            {TEXT.guide.endConfirm}
          </Button>
        }
      >
        <Typography.Paragraph>{TEXT.guide.endBody}</Typography.Paragraph>
      </Modal>
    </>
  );
}
