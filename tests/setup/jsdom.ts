import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  // Width queries are answered for jsdom's window (1024 px wide, a desktop above the spec's 992 px
  // breakpoint), so breakpoint-driven components render as on a desktop; anything else does not match.
  const matches = (query: string) => {
    const parts = query.split(/\s+and\s+/i);
    return parts.every((part) => {
      const width = /\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/i.exec(part);
      if (!width) return false;
      const px = Number(width[2]);
      return width[1]!.toLowerCase() === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
    });
  };
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
const computed = window.getComputedStyle;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => computed(elt, pseudo ?? undefined);
