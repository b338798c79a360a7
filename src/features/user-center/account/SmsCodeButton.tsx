/** "获取验证码" with a resend countdown; `onSend` resolves true when a code went out. */
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { ACCOUNT_TEXT } from '@/constants/texts';

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

export function SmsCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Button
      disabled={left > 0}
      loading={sending}
      onClick={async () => {
        setSending(true);
        try {
          if (await onSend()) setLeft(SMS_RESEND_SECONDS);
        } finally {
          setSending(false);
        }
      }}
    >
      {left > 0 ? ACCOUNT_TEXT.resendIn(left) : ACCOUNT_TEXT.sendCode}
    </Button>
  );
}

/** 138****5678: enough to recognise the number in a message. */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
