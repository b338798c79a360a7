import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy* and waitFor wait for behaviour, not for speed. Testing Library's 1 s default is a speed
// limit in disguise: on a loaded machine antd's async validation or a lazy chunk can take longer
// (the cause of FeedbackDialog's failures under CPU load). A real failure still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

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
