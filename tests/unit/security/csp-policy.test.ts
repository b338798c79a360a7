/**
 * The policies (vite-plugins/csp.ts) take their other origins from the app's own VITE_*
 * variables: absolute sub-app, API and socket URLs add their origins, relative sub-app
 * URLs are the shell's origin. The shell's scripts never get 'unsafe-inline' or
 * 'unsafe-eval', and no sub-app origin; it frames only the sub-apps' frame origins. A
 * sub-app's frame gets the sub-app origins and what children need, and only the shell may
 * embed it.
 */
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  newNonce,
  policyDirectives,
  policySources,
  subAppFramePolicy,
} from '../../../vite-plugins/csp';

const SHELL = 'https://workbench.example.com';
const configured = policySources(
  {
    VITE_MICRO_APP_MANUAL_URL: 'https://manual.example.com/app/',
    VITE_MICRO_APP_PRODUCT_URL: '/apps/product/',
    VITE_MICRO_APP_ENGINE_URL: 'https://manual.example.com/engine/',
    VITE_MICRO_APP_CHANNEL_URL: 'http://127.0.0.1:8081/channel/',
    VITE_API_BASE: 'https://api.example.com',
    VITE_REALTIME_URL: 'wss://push.example.com/api/message/v1/ws',
    VITE_SUB_APP_FRAME_ORIGIN: 'https://{app}.apps.example.net',
  },
  [SHELL],
);
const FRAMES = ['manual', 'product', 'channel', 'engine'].map((app) => `https://${app}.apps.example.net`);

describe("the shell's Content Security Policy", () => {
  it('is same-origin only with the default (relative) configuration', () => {
    const policy = policyDirectives(
      contentSecurityPolicy(policySources({}, ['http://localhost:5173']), 'abc123'),
    );
    expect(policy.get('script-src')).toEqual(["'self'", "'report-sample'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'report-sample'", "'nonce-abc123'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // The frames: one origin per app, {app}.localhost on the shell's port by default.
    expect(policy.get('frame-src')).toEqual([
      'http://manual.localhost:5173',
      'http://product.localhost:5173',
      'http://channel.localhost:5173',
      'http://engine.localhost:5173',
    ]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('adds the API and socket origins, and no sub-app origin (sub-apps run in their frames)', () => {
    const policy = policyDirectives(contentSecurityPolicy(configured, 'n'));
    expect(policy.get('script-src')).toEqual(["'self'", "'report-sample'"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'wss://push.example.com',
    ]);
    expect(policy.get('frame-src')).toEqual(FRAMES);
    for (const [name, values] of policy) {
      if (name !== 'style-src-attr') expect(values, name).not.toContain("'unsafe-inline'");
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values.join(' '), name).not.toContain('manual.example.com');
    }
  });

  it('refuses a sub-app URL that is neither a path nor an absolute URL', () => {
    expect(() => policySources({ VITE_MICRO_APP_MANUAL_URL: 'manual app' }, [SHELL])).toThrow(
      /neither a path nor an absolute URL/,
    );
  });

  it('makes a new nonce every time', () => {
    const nonces = new Set(Array.from({ length: 20 }, newNonce));
    expect(nonces.size).toBe(20);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("a sub-app frame's Content Security Policy", () => {
  const policy = policyDirectives(subAppFramePolicy(configured, 'n1'));
  // A relative sub-app URL (product) is served by the shell's origin.
  const apps = [SHELL, 'https://manual.example.com', 'http://127.0.0.1:8081'];

  it("lets the child's files load from the sub-app origins, and nothing else from elsewhere", () => {
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src']) {
      expect(policy.get(name), name).toEqual(expect.arrayContaining(["'self'", ...apps]));
      const others = policy
        .get(name)!
        .filter((v) => v.includes('://') && !apps.includes(v) && !configured.services.includes(v));
      expect(others, name).toEqual([]);
    }
    expect(policy.get('img-src')).not.toContain('https:');
  });

  it("runs the child's inline scripts and styles by nonce, never by 'unsafe-inline'", () => {
    expect(policy.get('script-src')).toContain("'nonce-n1'");
    expect(policy.get('style-src')).toContain("'nonce-n1'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
  });

  it('allows eval for the child only, writes no <base>, and can only be embedded by the shell', () => {
    expect(policy.get('script-src')).toContain("'unsafe-eval'");
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual([SHELL]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });
});
