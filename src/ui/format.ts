/** Display formats of SPEC §9, in one place. */
import dayjs from 'dayjs';
import { MOBILE_DIGITS, TIME_FORMAT } from '@/constants/limits';
import { TEXT } from '@/constants/texts';

/** A moment (epoch milliseconds) as "YYYY-MM-DD HH:mm:ss"; '-' when there is none or it is not a time. */
export function formatTime(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return '-';
  const time = dayjs(ms);
  return time.isValid() ? time.format(TIME_FORMAT) : '-';
}

/** The same moment as an ISO string for <time dateTime>, or undefined when it is not a time. */
export function isoTime(ms: number | null | undefined): string | undefined {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined;
}

/**
 * The remaining-days helper of SPEC §9: a negative count means the service is
 * permanent ("永久"), otherwise "剩余N天". Fractions round down (a day that has
 * started is not a whole day left). Not a number → null, so callers show nothing
 * rather than a made-up period.
 */
export function remainingDaysText(days: number | null | undefined): string | null {
  if (typeof days !== 'number' || Number.isNaN(days)) return null;
  if (days < 0 || !Number.isFinite(days)) return TEXT.permanent;
  return TEXT.remainingDays(Math.floor(days));
}

/** 138****5678: enough to recognise a mobile number in a message or a list. */
export const maskPhone = (phone: string): string =>
  phone.length === MOBILE_DIGITS ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
