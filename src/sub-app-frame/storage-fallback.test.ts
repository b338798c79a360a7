/**
 * Where the browser refuses a third-party frame its own storage, the frame offers one with
 * the same API, seeded with what the shell kept and reporting each change back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_FALLBACK_LIMIT } from '@/sub-app-protocol/messages';
import { provideStorage } from './storage-fallback';

const original = Object.getOwnPropertyDescriptor(window, 'localStorage');

afterEach(() => {
  if (original) Object.defineProperty(window, 'localStorage', original);
  vi.restoreAllMocks();
});

describe('the storage fallback', () => {
  it('leaves a storage the browser allows alone', () => {
    expect(provideStorage({}, () => {})).toEqual([]);
  });

  it('replaces a refused storage with one kept by the shell', () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    const saved: unknown[] = [];
    expect(provideStorage({ local: { lang: 'zh-CN' } }, (area, items) => saved.push([area, items]))).toEqual([
      'local',
    ]);
    expect(localStorage.getItem('lang')).toBe('zh-CN');
    localStorage.setItem('theme', 'dark');
    expect((localStorage as unknown as Record<string, string>).theme).toBe('dark');
    expect(Object.keys(localStorage).sort()).toEqual(['lang', 'theme']);
    expect(localStorage.length).toBe(2);
    localStorage.removeItem('lang');
    expect(saved.at(-1)).toEqual(['local', { theme: 'dark' }]);
    expect(() => localStorage.setItem('big', 'x'.repeat(STORAGE_FALLBACK_LIMIT))).toThrow(/quota/);
    localStorage.clear();
    expect(saved.at(-1)).toEqual(['local', {}]);
  });
});
