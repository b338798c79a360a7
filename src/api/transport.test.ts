/**
 * The error catalogue of SPEC §8, row by row, with the network mocked at the fetch
 * level (MSW) and the toast and navigation injected as spies.
 */
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '@/constants/texts';
import { ApiError, configureTransport, request, upload } from './transport';

// Same origin as the jsdom page, so XMLHttpRequest (uploads) is not subject to CORS.
const origin = window.location.origin;
const server = setupServer();
const notifyError = vi.fn();
const onSessionExpired = vi.fn();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  notifyError.mockReset();
  onSessionExpired.mockReset();
  configureTransport({
    notifyError,
    onSessionExpired,
    getToken: () => 'tok-123',
    getTenantId: () => 't-ent-2001',
    baseUrl: origin,
    timeoutMs: 60_000,
    beforeWrite: () => Promise.resolve(),
  });
});

const url = `${origin}/api/workbench/userconfig/v2/info`;
const reply = (body: unknown, status = 200) =>
  server.use(http.get(url, () => HttpResponse.json(body as object, { status })));

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to be rejected');
}

describe('transport: request', () => {
  it('sends reads at once and holds every write until beforeWrite settles (a prerendered page)', async () => {
    const seen: string[] = [];
    server.use(
      http.get(url, () => {
        seen.push('GET');
        return HttpResponse.json({ code: 0, data: {} });
      }),
      http.post(`${origin}/api/workbench/user/v1/feedback`, () => {
        seen.push('POST');
        return HttpResponse.json({ code: 0, data: {} });
      }),
    );
    let shown = () => {};
    configureTransport({ beforeWrite: () => new Promise<void>((resolve) => (shown = resolve)) });
    const write = request('workbench', { url: '/user/v1/feedback', method: 'post', data: { a: 1 } });
    await request('workbench', { url: '/userconfig/v2/info', method: 'GET' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['GET']);
    shown();
    await write;
    expect(seen).toEqual(['GET', 'POST']);
  });

  it('prefixes the service, sends the basic token and tenant header, and unwraps data on code 0', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(url, ({ request: r }) => {
        seen = r;
        return HttpResponse.json({ code: 0, msg: 'ok', data: { gid: 'u-1' } });
      }),
    );
    await expect(request('workbench', { url: '/userconfig/v2/info', method: 'GET' })).resolves.toEqual({
      gid: 'u-1',
    });
    expect(seen?.headers.get('authorization')).toBe('Basic tok-123');
    expect(seen?.headers.get('x-tenant-id')).toBe('t-ent-2001');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('uses each service prefix and serialises query params and JSON bodies', async () => {
    let body: unknown;
    server.use(
      http.post(`${origin}/api/message/v1/tenant/t/user/u/msg/list`, async ({ request: r }) => {
        body = await r.json();
        return HttpResponse.json({ code: 0, msg: '', data: { rows: [], no_read: 0 } });
      }),
      http.get(`${origin}/api/rbac/role/v1/list`, ({ request: r }) =>
        HttpResponse.json({ code: 0, msg: '', data: new URL(r.url).searchParams.get('index') }),
      ),
    );
    await request('message', { url: '/v1/tenant/t/user/u/msg/list', method: 'POST', data: { readState: 0 } });
    expect(body).toEqual({ readState: 0 });
    await expect(
      request('rbac', { url: '/role/v1/list', method: 'GET', params: { index: 2, name: undefined } }),
    ).resolves.toBe('2');
  });

  it('serialises array query parameters comma-separated (style form, explode false)', async () => {
    let query = '';
    server.use(
      http.get(`${origin}/api/rbac/power/v1/roles/list`, ({ request: r }) => {
        query = new URL(r.url).search;
        return HttpResponse.json({ code: 0, msg: '', data: [] });
      }),
    );
    await request('rbac', {
      url: '/power/v1/roles/list',
      method: 'GET',
      params: { role_ids: ['r-1', 'r-2'] },
    });
    expect(decodeURIComponent(query)).toBe('?role_ids=r-1,r-2');
  });

  it('treats code 1008 as success', async () => {
    reply({ code: 1008, msg: 'already done', data: 'x' });
    await expect(request('workbench', { url: '/userconfig/v2/info', method: 'GET' })).resolves.toBe('x');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('toasts the server msg and rejects on any other code', async () => {
    reply({ code: 5001, msg: '企业名称已存在', data: null });
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('business');
    expect(error.code).toBe(5001);
    expect(notifyError).toHaveBeenCalledWith('企业名称已存在');
  });

  it('toasts "Error" when the server gives no msg', async () => {
    reply({ code: 42, msg: '', data: null });
    await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(notifyError).toHaveBeenCalledWith('Error');
  });

  it.each([-2, -406, -407, -401, -403])('body code %i expires the session (HTTP 200)', async (code) => {
    reply({ code, msg: 'expired', data: null });
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('session');
    expect(notifyError).toHaveBeenCalledWith('登录状态已失效,请重新登录!');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it.each([-2, -406, -407, -401, -403])('body code %i on an HTTP error expires the session', async (code) => {
    reply({ code, msg: 'expired', data: null }, 401);
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('session');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('HTTP 403 expires the session whatever the body', async () => {
    server.use(http.get(url, () => new HttpResponse('forbidden', { status: 403 })));
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('session');
    expect(notifyError).toHaveBeenCalledWith('登录状态已失效,请重新登录!');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('expires the session once when several calls fail together', async () => {
    reply({ code: -401, msg: '', data: null }, 401);
    await Promise.allSettled(
      [1, 2, 3].map(() => request('workbench', { url: '/userconfig/v2/info', method: 'GET' })),
    );
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('toasts other HTTP errors with the message and rejects', async () => {
    reply({ code: 500, msg: '服务器内部错误', data: null }, 500);
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(notifyError).toHaveBeenCalledWith('服务器内部错误');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('toasts an HTTP error without a JSON body in Chinese, with its status (never the English statusText)', async () => {
    server.use(
      http.get(
        url,
        () => new HttpResponse('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('http');
    expect(notifyError).toHaveBeenCalledWith('服务暂时无法访问，请稍后重试（502）');
    expect(TEXT.httpError(418)).toBe('请求失败（418）');
    expect(TEXT.httpError(507)).toBe('服务器出错了，请稍后重试（507）');
  });

  it('rejects a 200 whose body is not an envelope', async () => {
    server.use(http.get(url, () => new HttpResponse('not json', { status: 200 })));
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('parse');
    expect(notifyError).toHaveBeenCalledWith('服务器返回的数据无法识别');
  });

  it('rejects a network failure with a toast', async () => {
    server.use(http.get(url, () => HttpResponse.error()));
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('network');
    expect(notifyError).toHaveBeenCalledWith('网络连接失败，请检查网络后重试');
  });

  it('times out after the configured limit (60 s in the app)', async () => {
    configureTransport({ timeoutMs: 50 });
    server.use(
      http.get(url, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await rejection(request('workbench', { url: '/userconfig/v2/info', method: 'GET' }));
    expect(error.kind).toBe('timeout');
    expect(notifyError).toHaveBeenCalledWith('请求超时，请稍后重试');
  });

  it('stays silent when the caller cancels', async () => {
    server.use(
      http.get(url, async () => {
        await delay(200);
        return HttpResponse.json({ code: 0, msg: '', data: 1 });
      }),
    );
    const controller = new AbortController();
    const pending = request('workbench', {
      url: '/userconfig/v2/info',
      method: 'GET',
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('transport: before the toast is wired', () => {
  it('keeps error messages raised before the UI library loads and shows them once it is wired', async () => {
    // A fresh instance of the module, as on a page load.
    vi.resetModules();
    const fresh = await import('./transport');
    fresh.configureTransport({ baseUrl: origin, getToken: () => 't', getTenantId: () => null });
    server.use(http.get(url, () => HttpResponse.json({ code: 5001, msg: '早到的错误', data: null })));
    await expect(
      fresh.request('workbench', { url: '/userconfig/v2/info', method: 'GET' }),
    ).rejects.toBeInstanceOf(fresh.ApiError);
    expect(notifyError).not.toHaveBeenCalled();
    const toast = vi.fn();
    fresh.configureTransport({ notifyError: toast });
    expect(toast).toHaveBeenCalledWith('早到的错误');
    fresh.configureTransport({ notifyError: toast });
    expect(toast).toHaveBeenCalledTimes(1);
  });
});

describe('transport: upload', () => {
  const uploadUrl = `${origin}/api/workbench/sys/v1/upload`;
  const file = () => new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });

  it('code 0 adds the absolute URL, sending the file as multipart field "file"', async () => {
    let body = '';
    server.use(
      http.post(uploadUrl, async ({ request: r }) => {
        body = await r.text();
        return HttpResponse.json({
          code: 0,
          msg: '',
          data: { abs: 'https://cdn.test/a.png', path: 'a.png' },
        });
      }),
    );
    await expect(upload(file())).resolves.toEqual({ ok: true, abs: 'https://cdn.test/a.png' });
    expect(body).toContain('name="file"; filename="a.png"');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('HTTP 403 with a body that is not JSON still expires the session', async () => {
    server.use(http.post(uploadUrl, () => new HttpResponse('<html>forbidden</html>', { status: 403 })));
    await expect(upload(file())).resolves.toEqual({ ok: false });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('登录状态已失效,请重新登录!');
  });

  it.each([500, 7])('code %i is ignored silently', async (code) => {
    server.use(http.post(uploadUrl, () => HttpResponse.json({ code, msg: 'fail', data: null })));
    await expect(upload(file())).resolves.toEqual({ ok: false });
    expect(notifyError).not.toHaveBeenCalled();
  });
});
