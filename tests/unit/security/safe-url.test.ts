/**
 * Links and redirects that come from outside the app (server data, the URL) pass an
 * allow-list: http(s) only for links; for redirects this origin or a configured one.
 */
import { describe, expect, it } from 'vitest';
import { safeExternalLink, safeRedirect } from '@/ui/safe-url';

const here = window.location.origin;

describe('server links (notice url, feedback images, scene icons, /preview)', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://evil.example/1',
    '//evil.example/x',
    '/relative/path',
    'not a url',
    '',
    '   ',
  ])('refuses %j', (raw) => {
    expect(safeExternalLink(raw)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['https://a.example']])('refuses a non-string (%j)', (raw) => {
    expect(safeExternalLink(raw)).toBeNull();
  });

  it('lets http(s) through, normalised', () => {
    expect(safeExternalLink('https://docs.example.com/a?b=1#c')).toBe('https://docs.example.com/a?b=1#c');
    expect(safeExternalLink('  http://Example.com  ')).toBe('http://example.com/');
  });
});

describe('redirects (the return path after sign-in)', () => {
  it('keeps a path on this origin', () => {
    expect(safeRedirect('/micro-app-product/attributeManagement?x=1#y')).toBe(
      '/micro-app-product/attributeManagement?x=1#y',
    );
    expect(safeRedirect(`${here}/user-info/base-info`)).toBe('/user-info/base-info');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    'https://evil.example/',
    'http://evil.example/phish',
    `${here}.evil.example/`,
    'javascript:alert(1)',
    'data:text/html,x',
  ])('refuses %j (another origin or scheme)', (raw) => {
    expect(safeRedirect(raw)).toBeNull();
  });

  it('allows a foreign origin only when it is configured', () => {
    expect(safeRedirect('https://partner.example/back', [])).toBeNull();
    expect(safeRedirect('https://partner.example/back', ['https://partner.example'])).toBe(
      'https://partner.example/back',
    );
    expect(safeRedirect('https://partner.example.evil.example/', ['https://partner.example'])).toBeNull();
    expect(safeRedirect('http://partner.example/back', ['https://partner.example'])).toBeNull();
  });

  it.each([null, undefined, '', 7])('refuses %j', (raw) => {
    expect(safeRedirect(raw)).toBeNull();
  });
});
