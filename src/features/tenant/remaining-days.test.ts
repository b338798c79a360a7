import { describe, expect, it } from 'vitest';
import { remainingDaysText } from './remaining-days';

describe('remainingDaysText (SPEC §9)', () => {
  it('says 永久 for a negative count', () => {
    expect(remainingDaysText(-1)).toBe('永久');
    expect(remainingDaysText(-365)).toBe('永久');
  });
  it('says 剩余N天 otherwise, 0 included', () => {
    expect(remainingDaysText(0)).toBe('剩余0天');
    expect(remainingDaysText(1)).toBe('剩余1天');
    expect(remainingDaysText(365)).toBe('剩余365天');
  });
  it('counts whole days only', () => {
    expect(remainingDaysText(2.9)).toBe('剩余2天');
  });
  it('gives nothing for what is not a number', () => {
    expect(remainingDaysText(Number.NaN)).toBeNull();
    expect(remainingDaysText(undefined)).toBeNull();
    expect(remainingDaysText(null)).toBeNull();
  });
  it('treats an endless count as permanent', () => {
    expect(remainingDaysText(Number.POSITIVE_INFINITY)).toBe('永久');
  });
});
