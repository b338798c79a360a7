import dayjs from 'dayjs';
import { TIME_FORMAT } from '@/constants/limits';

/** Epoch milliseconds → "YYYY-MM-DD HH:mm:ss" (SPEC §9). */
export const formatTime = (ms: number | null | undefined): string => (typeof ms === 'number' && ms > 0 ? dayjs(ms).format(TIME_FORMAT) : '-');
