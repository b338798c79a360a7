/** Wires the transport's error toast to antd: `message.error` for 2 s (SPEC §8, §9). */
import { message } from 'antd';
import { configureTransport } from '@/api/transport';
import { TOAST_SECONDS } from '@/constants/limits';

export function setupTransport(): void {
  configureTransport({
    notifyError: (text) => void message.error({ content: text, duration: TOAST_SECONDS }),
  });
}
