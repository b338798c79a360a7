/**
 * deploy/nginx writes the two Content Security Policies once each (workbench/csp.conf);
 * vite-plugins/csp.ts builds them for `npm run preview`. For the example site's values they must
 * be the same policies, directive by directive (spacing and empty origin lists aside), so
 * the deployment cannot drift from the app. The smoke test (npm run test:nginx) compares the
 * headers nginx really sends.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  policyDirectives,
  policySources,
  subAppFramePolicy,
} from '../../../vite-plugins/csp';

const nginxDir = path.resolve(import.meta.dirname, '..', '..', '..', 'deploy', 'nginx');
const csp = readFileSync(path.join(nginxDir, 'workbench', 'csp.conf'), 'utf8');
const site = readFileSync(path.join(nginxDir, 'sites', 'workbench.example.com.conf'), 'utf8');

/** The value of `set $name "…";` or `set $name value;` (the first one in `text`). */
function setValue(text: string, name: string): string {
  const m = new RegExp(`^\\s*set \\$${name} (?:"([^"]*)"|([^\\s;]+));`, 'm').exec(text);
  if (!m) throw new Error(`no "set $${name}" found`);
  return m[1] ?? m[2] ?? '';
}

/** nginx's variables replaced by the given values. */
const interpolate = (value: string, vars: Record<string, string>) =>
  value.replace(/\$(\w+)/g, (whole, name: string) => vars[name] ?? whole);

const NONCE = 'n0nce';
// The shell's server block of the example site, and the VITE_* values it says the build used.
const shellServer = site.slice(site.indexOf('# The shell.'));
const frameServer = site.slice(site.indexOf("# The sub-apps' frame origins"));
const vars = {
  csp_nonce: NONCE,
  service_origins: setValue(shellServer, 'service_origins'),
  sub_app_origins: setValue(shellServer, 'sub_app_origins'),
  frame_origins: setValue(shellServer, 'frame_origins'),
  frame_ancestors: setValue(frameServer, 'shell_origin'),
};
const SHELL = 'https://workbench.example.com';
const env = {
  ...Object.fromEntries(
    ['MANUAL', 'PRODUCT', 'CHANNEL', 'ENGINE'].map((app) => [
      `VITE_MICRO_APP_${app}_URL`,
      `https://apps.example.com/${app.toLowerCase()}/`,
    ]),
  ),
  VITE_SUB_APP_FRAME_ORIGIN: 'https://{app}.apps.example.net',
};
const sources = policySources(env, [SHELL]);

describe('deploy/nginx/workbench/csp.conf', () => {
  it('the example site says where its sub-apps are, as its build did', () => {
    expect(sources.subApps.join(' ')).toBe(vars.sub_app_origins);
    expect(sources.services.join(' ')).toBe(vars.service_origins);
    expect(sources.frames.join(' ')).toBe(vars.frame_origins);
    expect(vars.frame_ancestors).toBe(SHELL);
    // The frame server answers for exactly the frame origins of the build.
    const names = /server_name ~\^\(\?<app>([a-z|]+)\)\\\.(.+)\$;/.exec(frameServer);
    expect(names?.[1]?.split('|').map((app) => `https://${app}.${names[2]!.replaceAll('\\', '')}`)).toEqual(
      sources.frames,
    );
  });

  it("the shell's policy is vite-plugins/csp.ts's", () => {
    const nginx = interpolate(setValue(csp, 'shell_csp'), vars);
    expect(policyDirectives(nginx)).toEqual(policyDirectives(contentSecurityPolicy(sources, NONCE)));
  });

  it("a sub-app frame's policy is vite-plugins/csp.ts's", () => {
    const nginx = interpolate(setValue(csp, 'frame_csp'), vars);
    expect(policyDirectives(nginx)).toEqual(policyDirectives(subAppFramePolicy(sources, NONCE)));
  });

  it('the nonce is fresh per request and put into the page', () => {
    expect(setValue(csp, 'csp_nonce')).toBe('$request_id');
    const document = readFileSync(path.join(nginxDir, 'workbench', 'document.conf'), 'utf8');
    expect(document).toMatch(/sub_filter '__CSP_NONCE__' \$csp_nonce;/);
  });
});
