import { App } from 'antd';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { InsecureContextError } from '../password-digest';

/** Hashing can fail only outside a secure context: say so instead of sending anything. */
export function useDigestFailure(): (error: unknown) => void {
  const { message } = App.useApp();
  return (error) => {
    void message.error(error instanceof InsecureContextError ? ACCOUNT_TEXT.insecureContext : String(error));
  };
}
