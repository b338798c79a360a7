import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_QUERY, useMediaQuery } from './media-query';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A window whose width the test sets; media lists notify their listeners when it changes. */
function fakeWindow(width: number) {
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  window.matchMedia = (query: string) => {
    queries.push(query);
    return {
      get matches() {
        return width >= Number(/min-width:\s*(\d+)px/.exec(query)![1]);
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  };
  return {
    resize(next: number) {
      width = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
    queries,
  };
}

describe('useMediaQuery', () => {
  it('answers from the first render and does not render again when mounted', () => {
    fakeWindow(390);
    let renders = 0;
    function Probe() {
      renders += 1;
      return <span>{useMediaQuery(DESKTOP_QUERY) ? 'desktop' : 'phone'}</span>;
    }
    render(<Probe />);
    expect(screen.getByText('phone')).toBeInTheDocument();
    expect(renders).toBe(1);
  });

  it('follows the window across the breakpoint, and stops listening when unmounted', () => {
    const win = fakeWindow(1440);
    function Probe() {
      return <span>{useMediaQuery(DESKTOP_QUERY) ? 'desktop' : 'phone'}</span>;
    }
    const { unmount } = render(<Probe />);
    expect(screen.getByText('desktop')).toBeInTheDocument();
    act(() => win.resize(800));
    expect(screen.getByText('phone')).toBeInTheDocument();
    unmount();
    expect(win.listeners.size).toBe(0);
  });

  it('asks the window once per query, however often it renders', () => {
    const win = fakeWindow(1440);
    function Probe({ n }: { n: number }) {
      return <span>{`${n} ${useMediaQuery(DESKTOP_QUERY) ? 'desktop' : 'phone'}`}</span>;
    }
    const { rerender } = render(<Probe n={1} />);
    rerender(<Probe n={2} />);
    render(<Probe n={3} />);
    act(() => win.resize(800));
    expect(screen.getByText('3 phone')).toBeInTheDocument();
    expect(win.queries).toEqual([DESKTOP_QUERY]);
  });
});
