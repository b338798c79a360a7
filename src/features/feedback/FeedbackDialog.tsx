/**
 * 意见反馈 (SPEC §2 "Dialogs", §4 "Feedback dialog"): two forms in tabs. Success
 * shows "反馈成功！", closes and resets; cancel closes. What was typed survives a
 * failed submit and closing the dialog (feedback-draft) until a submit succeeds.
 */
import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { ActivityFeedbackForm } from './form/ActivityFeedbackForm';
import type { FeedbackKind } from './form/feedback-draft';
import { QuestionFeedbackForm } from './form/QuestionFeedbackForm';
import './feedback.css';

export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<FeedbackKind>('activity');
  // A new generation remounts a form empty after its successful submit (its draft is gone by then).
  const [generation, setGeneration] = useState({ activity: 0, question: 0 });
  const submitted = (kind: FeedbackKind) => {
    setGeneration((g) => ({ ...g, [kind]: g[kind] + 1 }));
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={FEEDBACK_TEXT.dialogTitle}
      width={640}
      className="feedback-dialog"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as FeedbackKind)}
        items={[
          {
            key: 'activity',
            label: FEEDBACK_TEXT.activityTab,
            children: (
              <ActivityFeedbackForm
                key={generation.activity}
                onCancel={onClose}
                onSubmitted={() => submitted('activity')}
              />
            ),
          },
          {
            key: 'question',
            label: FEEDBACK_TEXT.questionTab,
            children: (
              <QuestionFeedbackForm
                key={generation.question}
                onCancel={onClose}
                onSubmitted={() => submitted('question')}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
