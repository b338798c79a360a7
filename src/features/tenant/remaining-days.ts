import { TEXT } from '@/constants/texts';

/**
 * The remaining-days helper of SPEC §9: a negative count means the service is
 * permanent ("永久"), otherwise "剩余N天". Fractions round down (a day that has
 * started is not a whole day left). Not a number → null, so callers show nothing
 * rather than a made-up period.
 */
export function remainingDaysText(days: number | null | undefined): string | null {
  if (typeof days !== 'number' || Number.isNaN(days)) return null;
  if (days < 0) return TEXT.permanent;
  if (!Number.isFinite(days)) return TEXT.permanent;
  return TEXT.remainingDays(Math.floor(days));
}
