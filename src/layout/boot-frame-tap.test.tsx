/**
 * A tap on the boot frame, kept by the boot script as `data-boot-tap`, is answered once the shell
 * has rendered: through the router, or as a full page load for another app's tab; never to
 * another site, and not at all for the page already shown.
 */
import { render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BOOT_TAP } from '@/constants/boot-frame';
import { navigation } from '@/ui/navigation';
import { useBootFrameTap } from './boot-frame-tap';

function Shell() {
  useBootFrameTap();
  return <p data-testid="at">{useLocation().pathname}</p>;
}

/** The shell's first render at `path`, after a tap on `tapped` (or none). */
function renderAfterTap(path: string, tapped?: string) {
  window.history.replaceState(null, '', path);
  if (tapped !== undefined) document.documentElement.setAttribute(BOOT_TAP, tapped);
  render(
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<Shell />} />
      </Routes>
    </BrowserRouter>,
  );
}

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute(BOOT_TAP);
});

describe('the first tap', () => {
  it('goes to the tapped page through the router, as a navigation of its own, once', async () => {
    renderAfterTap('/manage/members', '/manage/roles');
    expect(await screen.findByText('/manage/roles')).toBeInTheDocument();
    expect(document.documentElement.hasAttribute(BOOT_TAP)).toBe(false);
    expect(window.history.length).toBeGreaterThan(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it("loads another app's page in full, as its tab does", () => {
    renderAfterTap('/manage/members', '/micro-app-product/');
    expect(assign).toHaveBeenCalledWith('/micro-app-product/');
    expect(screen.getByTestId('at')).toHaveTextContent('/manage/members');
  });

  it('stays on the page already shown, trailing slash or not', () => {
    renderAfterTap('/micro-app-manual/', '/micro-app-manual');
    expect(screen.getByTestId('at')).toHaveTextContent('/micro-app-manual/');
    expect(assign).not.toHaveBeenCalled();
  });

  it('never leaves the site', () => {
    for (const tapped of [
      '//evil.example/',
      '/\\evil.example/',
      '/\t/evil.example/',
      'https://evil.example/',
    ]) {
      renderAfterTap('/manage/members', tapped);
      expect(screen.getAllByTestId('at').at(-1)).toHaveTextContent('/manage/members');
      expect(document.documentElement.hasAttribute(BOOT_TAP)).toBe(false);
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('does nothing without a tap', () => {
    renderAfterTap('/manage/members');
    expect(screen.getByTestId('at')).toHaveTextContent('/manage/members');
    expect(assign).not.toHaveBeenCalled();
  });
});
