import { describe, expect, it } from 'vitest';
import { formatTime, isoTime, maskPhone, remainingDaysText } from './format';

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

describe('formatTime', () => {
  it('formats epoch milliseconds as YYYY-MM-DD HH:mm:ss in local time', () => {
    const ms = new Date(2026, 10, 22, 9, 5, 7).getTime();
    expect(formatTime(ms)).toBe('2026-11-22 09:05:07');
    expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('shows "-" for missing or impossible times instead of throwing or showing now', () => {
    for (const bad of [undefined, null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, 9e15]) {
      expect(formatTime(bad as number)).toBe('-');
    }
    expect(isoTime(Number.NaN)).toBeUndefined();
  });
});

describe('maskPhone', () => {
  it('hides the middle four digits of a mobile number, and leaves anything else as it is', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('1380013')).toBe('1380013');
    expect(maskPhone('')).toBe('');
  });
});
