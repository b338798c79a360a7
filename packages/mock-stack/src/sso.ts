/**
 * Development single sign-on: `/sso/authorize` (pick a scenario user, or go straight
 * back when one is chosen) and `/sso/logout`. Pages are plain HTML with links only:
 * no script, so a strict CSP holds.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { escapeHtml, parseCookies, redirect, sendHtml } from './http';
import { packageRoot } from './package-root';
import { findScenario, SCENARIO_COOKIE, scenarios } from './scenarios';

export const STYLESHEET_PATH = '/__mock/assets/mock.css';
/**
 * The app's own icon (assets/favicon.svg, a copy of the app's public/favicon.svg that a test keeps
 * equal), served by the gateway: the sign-in page is often
 * the very first page QA opens, and without an icon the browser's /favicon.ico was a 404.
 * Under /__mock/, so it answers through the dev server's proxy and on the gateway alike.
 */
export const FAVICON_PATH = '/__mock/assets/favicon.svg';
let faviconSvg: Buffer | undefined;
export function favicon(): Buffer {
  faviconSvg ??= readFileSync(path.join(packageRoot, 'assets', 'favicon.svg'));
  return faviconSvg;
}

/**
 * Whether `uri` may be redirected to. With MOCK_ALLOWED_ORIGINS (comma-separated
 * origins) only those; otherwise any port of http://localhost and http://127.0.0.1.
 */
export function isAllowedRedirect(
  uri: string | null | undefined,
  allowed = process.env.MOCK_ALLOWED_ORIGINS,
): boolean {
  if (!uri) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const list = (allowed ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (list.length) {
    return list.some((origin) => {
      try {
        return new URL(origin).origin === url.origin;
      } catch {
        return false;
      }
    });
  }
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

function errorPage(res: ServerResponse, message: string, detail?: string): void {
  const body = `<h1>无法登录</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
${detail ? `<p class="meta">${escapeHtml(detail)}</p>` : ''}`;
  sendHtml(res, 400, page('无法登录 - 开发环境单点登录', body));
}

/**
 * `sessionCookie`: set when the browser has no QA session yet (the scenario switch
 * usually set one already), so the sign-in that follows lands in a session of its own.
 */
export function handleAuthorize(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  sessionCookie?: string,
): void {
  const query = url.searchParams;
  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) {
    errorPage(res, '缺少 redirect_uri 参数。');
    return;
  }
  if (!isAllowedRedirect(redirectUri)) {
    errorPage(res, '回调地址不在允许的范围内，已拒绝登录。', `redirect_uri：${redirectUri}`);
    return;
  }
  const scenario = findScenario(parseCookies(req.headers.cookie)[SCENARIO_COOKIE]);
  if (scenario) {
    const target = new URL(redirectUri);
    target.searchParams.set('code', `mock-${scenario.name}-${randomBytes(6).toString('hex')}`);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const pi = query.get('pi');
    if (pi !== null) target.searchParams.set('pi', pi);
    redirect(res, target.toString(), sessionCookie ? { 'Set-Cookie': sessionCookie } : {});
    return;
  }
  // No scenario yet: each choice sets it and comes back to this very URL, which then redirects.
  const self = `${url.pathname}${url.search}`;
  const items = scenarios
    .map(
      (
        s,
      ) => `<li><a class="choice" href="/__mock/scenario/${encodeURIComponent(s.name)}?next=${encodeURIComponent(self)}">
<span class="label">${escapeHtml(s.label)}</span> <code>${escapeHtml(s.name)}</code>
<span class="description">${escapeHtml(s.description)}</span></a></li>`,
    )
    .join('\n');
  const clientId = query.get('client_id') ?? '';
  const body = `<h1>开发环境单点登录</h1>
<p>这是模拟服务的登录页。选择一个场景用户登录，接口将返回该场景的示例数据。</p>
<ul class="choices">
${items}
</ul>
<p class="meta">应用：${escapeHtml(clientId || '（未提供 client_id）')} · 回调地址：${escapeHtml(redirectUri)}</p>`;
  sendHtml(res, 200, page('开发环境单点登录', body));
}

export function handleLogout(_req: IncomingMessage, res: ServerResponse, url: URL): void {
  const target = url.searchParams.get('redirect');
  const again = isAllowedRedirect(target) && target ? target : '/';
  const body = `<h1>已退出登录</h1>
<p>已清除开发环境的登录场景。</p>
<p><a class="choice primary" href="${escapeHtml(again)}">重新登录</a></p>`;
  sendHtml(res, 200, page('已退出登录 - 开发环境单点登录', body), {
    'Set-Cookie': `${SCENARIO_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
  });
}

export const stylesheet = `:root { color-scheme: light; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f0f2f5; color: #1f1f1f; }
.card { background: #fff; border-radius: 8px; box-shadow: 0 6px 16px rgba(0, 0, 0, 0.08); padding: 32px 40px; width: min(560px, calc(100vw - 32px)); box-sizing: border-box; }
h1 { font-size: 22px; margin: 0 0 12px; }
p { line-height: 1.6; }
.choices { list-style: none; padding: 0; margin: 16px 0; display: grid; gap: 8px; }
.choice { display: block; padding: 10px 14px; border: 1px solid #d9d9d9; border-radius: 6px; color: inherit; text-decoration: none; }
.choice:hover, .choice:focus-visible { border-color: #1677ff; color: #1677ff; outline: none; }
.choice.primary { display: inline-block; background: #1677ff; border-color: #1677ff; color: #fff; }
.label { font-weight: 600; }
.description { display: block; color: #595959; font-size: 13px; margin-top: 2px; }
code { font-size: 12px; color: #8c8c8c; }
.meta { color: #8c8c8c; font-size: 12px; word-break: break-all; }
.error { color: #cf1322; }
`;
