/**
 * What both feedback forms share: the draft that keeps everything typed until a submit
 * succeeds (also across closing the dialog), scrolling to the first error, the submit
 * that keeps the form as it is when the call fails, "反馈成功！", and the buttons.
 */
import { ProForm } from '@ant-design/pro-components';
import { Alert, App, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { FEEDBACK_TEXT, TEXT } from '@/constants/texts';
import { clearDraft, hasDraft, loadDraft, saveDraft, type FeedbackKind } from './feedback-draft';

export interface FeedbackFormProps {
  onCancel: () => void;
  onSubmitted: () => void;
}

export function FeedbackForm<Values extends object, Body>({
  kind,
  prepare,
  send,
  toDraft = (values) => values,
  onCancel,
  onSubmitted,
  children,
}: FeedbackFormProps & {
  kind: FeedbackKind;
  /** The request body from what the form holds, or `null` to stay open (the form has said why). */
  prepare: (values: Values) => Promise<Body | null>;
  send: (body: Body) => Promise<unknown>;
  /** What of the form goes into the draft (default: all of it). */
  toDraft?: (values: Values) => object;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [initial] = useState(() => loadDraft<Values>(kind));
  const [restored] = useState(() => hasDraft(kind));

  const onFinish = async (values: Values) => {
    const body = await prepare(values);
    if (body === null) return false;
    try {
      await send(body);
    } catch {
      return false; // the transport has shown why; everything typed stays (also in the draft)
    }
    clearDraft(kind);
    void message.success(TEXT.feedbackSent);
    onSubmitted();
    return true;
  };

  return (
    <ProForm<Values>
      name={`${kind}-feedback`}
      layout="vertical"
      initialValues={initial}
      scrollToFirstError={{ block: 'center' }}
      onValuesChange={(_, all) => saveDraft(kind, toDraft(all))}
      onFinish={onFinish}
      submitter={{
        searchConfig: { submitText: FEEDBACK_TEXT.submit },
        // Cancel closes the dialog (keeping the draft); submit is ProForm's own, with its loading state.
        render: (_, [, submit]) => (
          <div className="feedback-actions">
            <Button onClick={onCancel}>{FEEDBACK_TEXT.cancel}</Button>
            {submit}
          </div>
        ),
      }}
    >
      {restored ? (
        <Alert className="feedback-draft-note" type="info" showIcon message={FEEDBACK_TEXT.draftKept} />
      ) : null}
      {children}
    </ProForm>
  );
}
