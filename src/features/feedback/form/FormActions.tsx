import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FEEDBACK_TEXT } from '@/constants/texts';

/** The forms' buttons: cancel closes the dialog (keeping the draft); submit is ProForm's own (with its loading state). */
export function FormActions({ onCancel, submit }: { onCancel: () => void; submit: ReactNode }) {
  return (
    <div className="feedback-actions">
      <Button onClick={onCancel}>{FEEDBACK_TEXT.cancel}</Button>
      {submit}
    </div>
  );
}
