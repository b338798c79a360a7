/**
 * The policy (scripts/csp.ts) takes its other origins from the app's own VITE_*
 * variables: absolute sub-app, API and socket URLs add their origins, relative ones
 * stay 'self'; scripts never get 'unsafe-inline' or 'unsafe-eval'.
 */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, policySources } from '../../../scripts/csp';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

describe('the Content Security Policy', () => {
  it('is same-origin only with the default (relative) configuration', () => {
    const policy = directives(contentSecurityPolicy(policySources({}), 'abc123'));
    expect(policy.get('script-src')).toEqual(["'self'", "'report-sample'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'report-sample'", "'nonce-abc123'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('adds the configured sub-app, API and socket origins where they are used', () => {
    const sources = policySources({
      VITE_MICRO_APP_MANUAL_URL: 'https://manual.example.com/app/',
      VITE_MICRO_APP_PRODUCT_URL: '/apps/product/',
      VITE_MICRO_APP_ENGINE_URL: 'https://manual.example.com/engine/',
      VITE_API_BASE: 'https://api.example.com',
      VITE_REALTIME_URL: 'wss://push.example.com/api/message/v1/ws',
    });
    const policy = directives(contentSecurityPolicy(sources, 'n'));
    expect(policy.get('script-src')).toEqual(["'self'", "'report-sample'", 'https://manual.example.com']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'wss://push.example.com',
      'https://manual.example.com',
    ]);
    for (const [name, values] of policy) {
      if (name !== 'style-src-attr') expect(values, name).not.toContain("'unsafe-inline'");
      expect(values, name).not.toContain("'unsafe-eval'");
    }
  });

  it('refuses a sub-app URL that is neither a path nor an absolute URL', () => {
    expect(() => policySources({ VITE_MICRO_APP_MANUAL_URL: 'manual app' })).toThrow(
      /neither a path nor an absolute URL/,
    );
  });

  it('makes a new nonce every time', () => {
    const nonces = new Set(Array.from({ length: 20 }, newNonce));
    expect(nonces.size).toBe(20);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
