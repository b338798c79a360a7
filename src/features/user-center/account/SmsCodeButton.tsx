/** The SMS code field: the input and "获取验证码" with a resend countdown. */
import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { SMS_CODE_DIGITS } from '@/constants/limits';
import { ACCOUNT_TEXT } from '@/constants/texts';
import type { BoundInputProps } from '../formik-field';

/** Seconds before another code may be requested. */
const SMS_RESEND_SECONDS = 60;

/** `onSend` resolves true when a code went out. */
function SmsCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
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

/** The code input with its send button beside it. */
export function SmsCodeInput({ input, onSend }: { input: BoundInputProps; onSend: () => Promise<boolean> }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        {...input}
        placeholder={ACCOUNT_TEXT.smsCodePlaceholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_DIGITS}
      />
      <SmsCodeButton onSend={onSend} />
    </Space.Compact>
  );
}
