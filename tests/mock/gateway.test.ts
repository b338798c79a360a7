import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockStack, prismAuthorization, type MockStack } from '@zhique/workbench-mock';
import { mergePrefer } from '../../packages/mock-stack/src/contracts';
import { scenarios } from '../../packages/mock-stack/src/scenarios';
import { safeRelativePath } from '../../packages/mock-stack/src/http';
import { subAppNames } from '../../packages/mock-stack/src/sub-apps';
import { AUTH, at, exampleValue, get, readContract } from './helpers';

let stack: MockStack;

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
});

afterAll(async () => {
  await stack?.stop();
});

describe('gateway routing', () => {
  it('strips /api/<service> and forwards to that document’s Prism', async () => {
    const config = await get(`${stack.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(config.status).toBe(200);
    expect(config.headers.get('x-mock-operation')).toBe('getUserConfig');
    expect(await config.json()).toEqual(
      exampleValue('workbench.yaml', '/userconfig/v2/info', 'get', '200', 'default'),
    );

    const notices = await get(`${stack.url}/api/message/v1/tenant/t-personal-1001/user/u-1001/msg/list`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        app_name: '',
        readState: 0,
        index: 1,
        page_size: 100,
        uid: 'u-1001',
        tid: 't-personal-1001',
      }),
    });
    expect(notices.status).toBe(200);
    expect(notices.headers.get('x-mock-operation')).toBe('listNotices');

    const powers = await get(`${stack.url}/api/rbac/power/v1/login/user/powers`, { headers: AUTH });
    expect(powers.status).toBe(200);
    expect(powers.headers.get('x-mock-operation')).toBe('getLoginUserPowers');
  });

  it('keeps services apart: a workbench path under /api/message is not found by Prism', async () => {
    const response = await get(`${stack.url}/api/message/userconfig/v2/info`, { headers: AUTH });
    expect(response.status).toBe(404);
  });

  it('answers 404 JSON for anything it does not serve', async () => {
    for (const path of ['/userconfig/v2/info', '/api/other/x', '/__mock/nothing', '/']) {
      const response = await get(`${stack.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toMatchObject({ code: 404 });
    }
  });

  it('passes a missing Authorization header through, so Prism answers 401', async () => {
    const response = await get(`${stack.url}/api/workbench/userconfig/v2/info`);
    expect(response.status).toBe(401);
  });

  it('accepts the opaque token of the contract (not a base64 user:password pair)', () => {
    expect(prismAuthorization('Basic eyJhbGciOi.x.y')).toMatch(/^Basic /);
    expect(Buffer.from(prismAuthorization('Basic x')!.slice(6), 'base64').toString()).toContain(':');
    expect(prismAuthorization(undefined)).toBeUndefined();
    expect(prismAuthorization('Basic dXNlcjpwYXNz')).toBe('Basic dXNlcjpwYXNz');
  });
});

describe('scenarios', () => {
  it('lists the scenarios', async () => {
    const response = await get(`${stack.url}/__mock/scenarios`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { name: string; label: string; description: string }[];
    expect(list.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'personal',
        'owner',
        'member',
        'frozen',
        'page2',
        'newcomer',
        'empty',
        'expired',
      ]),
    );
    for (const s of list) {
      expect(s.label).toMatch(/[\u4e00-\u9fff]/);
      expect(s.description).not.toBe('');
    }
  });

  it('chooses a scenario with a cookie and redirects to a same-origin path only', async () => {
    const response = await get(
      `${stack.url}/__mock/scenario/owner?next=${encodeURIComponent('/workplace?x=1')}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/workplace?x=1');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mock_scenario=owner;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);

    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'evil', '']) {
      const r = await get(`${stack.url}/__mock/scenario/owner?next=${encodeURIComponent(next)}`);
      expect(r.headers.get('location'), next).toBe('/');
    }
    expect(safeRelativePath('/a/b?c=d#e')).toBe('/a/b?c=d#e');
  });

  it('refuses an unknown scenario', async () => {
    const response = await get(`${stack.url}/__mock/scenario/nobody?next=/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('serves the scenario example of an operation (default vs owner)', async () => {
    const plain = await get(`${stack.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    const owner = await get(`${stack.url}/api/workbench/userconfig/v2/info`, {
      headers: { ...AUTH, Cookie: 'mock_scenario=owner' },
    });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('x-mock-prefer')).toBe('example=owner');
    const ownerBody = await owner.json();
    expect(ownerBody).toEqual(exampleValue('workbench.yaml', '/userconfig/v2/info', 'get', '200', 'owner'));
    expect(ownerBody).not.toEqual(await plain.json());
  });

  it('falls back to the default example where the scenario has none', async () => {
    // `personal` is the default user: examples are named `default`, not `personal`.
    const response = await get(`${stack.url}/api/workbench/userconfig/v2/info`, {
      headers: { ...AUTH, Cookie: 'mock_scenario=personal' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-mock-prefer')).toBeNull();
    expect(await response.json()).toEqual(
      exampleValue('workbench.yaml', '/userconfig/v2/info', 'get', '200', 'default'),
    );
  });

  it('lets the x-mock-scenario header choose too, and keeps the client’s own Prefer', async () => {
    const response = await get(`${stack.url}/api/workbench/userconfig/v2/info`, {
      headers: { ...AUTH, 'x-mock-scenario': 'owner', Prefer: 'example=default' },
    });
    expect(response.headers.get('x-mock-prefer')).toBe('example=default');
    expect(await response.json()).toEqual(
      exampleValue('workbench.yaml', '/userconfig/v2/info', 'get', '200', 'default'),
    );
    expect(mergePrefer('code=200', ['example=owner'])).toBe('code=200, example=owner');
    expect(mergePrefer('example=a', ['code=401', 'example=b'])).toBe('example=a, code=401');
  });

  it('expired: the user-info call answers 401 with the Unauthorized example', async () => {
    const response = await get(`${stack.url}/api/workbench/user/v1/login/detail`, {
      headers: { ...AUTH, Cookie: 'mock_scenario=expired' },
    });
    expect(response.status).toBe(401);
    const shared = readContract('shared.yaml');
    expect(await response.json()).toEqual(
      at(
        shared,
        'components',
        'responses',
        'Unauthorized',
        'content',
        'application/json',
        'examples',
        'expired',
        'value',
      ),
    );
    // Other calls of the scenario behave as by default.
    const config = await get(`${stack.url}/api/workbench/userconfig/v2/info`, {
      headers: { ...AUTH, Cookie: 'mock_scenario=expired' },
    });
    expect(config.status).toBe(200);
  });

  it('every scenario override names an operation of the documents', async () => {
    const { ContractIndex } = await import('../../packages/mock-stack/src/contracts');
    expect(new ContractIndex().unknownOverrideKeys(scenarios)).toEqual([]);
  });

  it('exposes its health', async () => {
    const response = await get(`${stack.url}/__mock/health`);
    expect(await response.json()).toMatchObject({
      dynamic: false,
      services: { workbench: { status: 'up' }, message: { status: 'up' }, rbac: { status: 'up' } },
    });
  });
});

describe('sample sub-apps', () => {
  const names: Record<string, string> = {
    manual: '织雀手册',
    product: '产品管理',
    channel: '渠道管理',
    engine: '制造引擎',
  };

  const esModuleApps = subAppNames.filter((app) => app !== 'product');

  it.each(esModuleApps)(
    '%s (ES modules): page, module and shared files are served with CORS',
    async (app) => {
      const page = await get(`${stack.url}/__mock/apps/${app}/`, {
        headers: { Origin: 'http://localhost:5173' },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('access-control-allow-origin')).toBe('*');
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain(names[app]);
      expect(html).toMatch(/<script type="module" src="[^"]+main\.js"><\/script>/);
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // no inline script

      const main = await get(`${stack.url}/__mock/apps/${app}/main.js`);
      expect(main.status).toBe(200);
      expect(main.headers.get('access-control-allow-origin')).toBe('*');
      expect(main.headers.get('content-type')).toMatch(/text\/javascript/);
      expect(await main.text()).toContain(names[app]);

      for (const shared of ['shared/sample-app.js', 'shared/style.css', 'kit/index.js']) {
        const r = await get(`${stack.url}/__mock/apps/${shared}`);
        expect(r.status, shared).toBe(200);
        expect(r.headers.get('access-control-allow-origin')).toBe('*');
      }
    },
  );

  it('product is a classic webpack bundle built from source: deferred scripts, a stylesheet, a lazy chunk', async () => {
    const html = await (await get(`${stack.url}/__mock/apps/product/`)).text();
    expect(html).toContain('产品管理');
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    const scripts = tags.filter((tag) => /\ssrc=/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      expect(tag).toMatch(/\bdefer\b/);
      expect(tag).not.toMatch(/type=("|')?module/);
    }
    // And an inline config script, as real builds have (the frame runs it with its nonce).
    expect(tags.filter((tag) => !/\ssrc=/.test(tag))).toHaveLength(1);
    const src = /src=("?)([^"\s>]+)\1/.exec(scripts[0] ?? '')?.[2] ?? '';
    expect(src).toMatch(/^\/__mock\/apps\/product\/js\/app\.[0-9a-f]{8}\.js$/);
    const bundle = await get(`${stack.url}${src}`);
    expect(bundle.headers.get('content-type')).toMatch(/text\/javascript/);
    const code = await bundle.text();
    expect(code).not.toMatch(/^\s*(import|export)\s/m); // a classic script
    expect(code).toContain('__MICRO_APP_PUBLIC_PATH__');
    expect(code).toContain('webpackJsonp_product');
    const css = /href=("?)([^"\s>]+\.css)\1/.exec(html)?.[2] ?? '';
    const stylesheet = await (await get(`${stack.url}${css}`)).text();
    expect(stylesheet).toMatch(/\bhtml\s*\{[^}]*line-height:\s*1\.8/);
    expect(stylesheet).toMatch(/\*\s*\{\s*box-sizing:\s*content-box;?\s*\}/);
  });

  it('answers CORS preflight', async () => {
    const response = await get(`${stack.url}/__mock/apps/manual/main.js`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/GET/);
  });

  it('redirects the folder without slash, serves client-side routes, refuses traversal', async () => {
    const bare = await get(`${stack.url}/__mock/apps/product`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/__mock/apps/product/');
    const route = await get(`${stack.url}/__mock/apps/product/commodityManagement`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('产品管理');
    for (const path of [
      '/__mock/apps/..%2Findex.ts',
      '/__mock/apps/%2e%2e/index.ts',
      '/__mock/apps/manual/nothing.js',
    ]) {
      const r = await get(`${stack.url}${path}`);
      expect(r.status, path).toBe(404);
    }
  });

  it('the manual app carries the guide targets and the refresh counter', async () => {
    const code = await (await get(`${stack.url}/__mock/apps/manual/main.js`)).text();
    for (const target of ['personal-center', 'recycle-bin', 'new-manual'])
      expect(code).toContain(`'data-guide': '${target}'`);
    expect(code).toContain('refresh-count');
    const shared = await (await get(`${stack.url}/__mock/apps/shared/sample-app.js`)).text();
    for (const id of ['received', 'sub-route', 'notify', 'context']) {
      expect(shared).toContain(`'data-testid': '${id}'`);
    }
    expect(shared).toContain("type: 'ping'");
  });
});

describe('dynamic mode', () => {
  it('asks Prism for generated responses and never for scenario examples', async () => {
    const dynamic = await startMockStack({ quiet: true, dynamicSeed: 7 });
    try {
      const response = await get(`${dynamic.url}/api/workbench/userconfig/v2/info`, {
        headers: { ...AUTH, Cookie: 'mock_scenario=owner' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-mock-prefer')).toBeNull();
      const body = (await response.json()) as { data?: unknown };
      expect(body).toHaveProperty('data');
      expect(body).not.toEqual(exampleValue('workbench.yaml', '/userconfig/v2/info', 'get', '200', 'owner'));
      // overrides still set the status
      const expired = await get(`${dynamic.url}/api/workbench/user/v1/login/detail`, {
        headers: { ...AUTH, Cookie: 'mock_scenario=expired' },
      });
      expect(expired.status).toBe(401);
    } finally {
      await dynamic.stop();
    }
    expect(dynamic.pids).toHaveLength(3);
    for (const pid of dynamic.pids) expect(isAlive(pid), `Prism ${pid} still running`).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the examples’ images, offline', () => {
  it('points the examples’ image URLs at the gateway, on the origin the browser used, and serves them', async () => {
    const info = await get(`${stack.url}/api/workbench/user/v1/login/detail`, {
      headers: { ...AUTH, 'X-Forwarded-Host': 'localhost:5173', 'X-Forwarded-Proto': 'http' },
    });
    const body = (await info.json()) as { data: { avatar_url: string } };
    expect(body.data.avatar_url).toMatch(/^http:\/\/localhost:5173\/__mock\/static\/avatar\/.+\.png$/);
    expect(JSON.stringify(body)).not.toContain('static.zhique.example.com');

    const image = await get(`${stack.url}${new URL(body.data.avatar_url).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await image.text()).toMatch(/^<svg /);
  });

  it('rewrites the answers Prism gives straight through too (the tenant applications’ icons)', async () => {
    const apps = await get(`${stack.url}/api/rbac/application/tenant/v1/tenants/list`, {
      headers: { ...AUTH, 'X-Tenant-Id': 't-personal-1001', 'X-Forwarded-Host': 'localhost:4173' },
    });
    expect(apps.status).toBe(200);
    expect(apps.headers.get('x-mock-state')).toBeNull(); // no state handler: Prism's answer, rewritten
    const text = await apps.text();
    expect(text).toContain('http://localhost:4173/__mock/static/icons/');
    expect(text).not.toContain('static.zhique.example.com');
    expect(Number(apps.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  });

  it('keeps the contract’s default avatar (the app draws its own copy) and ignores an origin unfit for JSON', async () => {
    const key = { 'X-Mock-Session': `images-${Date.now()}` };
    const reset = await get(`${stack.url}/api/workbench/user/v1/login/`, {
      method: 'PUT',
      headers: { ...AUTH, ...key, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        avatar_url: 'https://static.zhique.example.com/avatar/default.png',
        user_name: '林小雀',
      }),
    });
    expect(reset.status).toBe(200);
    const info = await get(`${stack.url}/api/workbench/user/v1/login/detail`, {
      headers: { ...AUTH, ...key, 'X-Forwarded-Host': 'localhost:4173' },
    });
    expect(((await info.json()) as { data: { avatar_url: string } }).data.avatar_url).toBe(
      'https://static.zhique.example.com/avatar/default.png',
    );
    const odd = await get(`${stack.url}/api/rbac/application/tenant/v1/tenants/list`, {
      headers: { ...AUTH, 'X-Tenant-Id': 't-personal-1001', 'X-Forwarded-Host': 'evil"host' },
    });
    expect(JSON.parse(await odd.text())).toMatchObject({ code: 0 });
  });
});
