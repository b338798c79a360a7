/**
 * What the four sample sub-apps have in common. Each app's entry calls
 * `startSampleApp({ app, name, routes, extend })`, which renders and returns `stop`.
 *
 * Written the way a team writes a micro-app child, through the shell's sub-app kit
 * (packages/sub-app-kit, served at /__mock/apps/kit/): embedded, `window.microApp` is
 * the data channel and `window.__MICRO_APP_BASE_ROUTE__` the route prefix the shell gave
 * the app. Opened on its own (standalone) neither exists and the base route is the
 * app's own folder. The router is the app's own: links push history entries, and
 * `popstate` (sent by the shell too when its URL moves) re-renders the route.
 */
import {
  baseRoute as routePrefix,
  isEmbedded,
  onContext,
  onSessionToken,
  onShellData,
  reportSessionExpired,
  sendToShell,
} from '../kit/index.js';

/** Creates an element with attributes and children (text or elements). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) element.setAttribute(key, String(value));
  }
  for (const child of children) element.append(child);
  return element;
}

const json = (value) => (value === undefined ? 'null' : JSON.stringify(value, null, 2));

export function startSampleApp({ app, name, routes = [], extend }) {
  const root = document.getElementById('sample-app');
  if (!root) return;
  const embedded = isEmbedded();
  const baseRoute = routePrefix(`/__mock/apps/${app}`);

  const subRoute = () => {
    const path = window.location.pathname;
    const rest = path === baseRoute || path.startsWith(`${baseRoute}/`) ? path.slice(baseRoute.length) : path;
    return rest || '/';
  };

  // Skeleton
  const routeText = h('code', { 'data-testid': 'sub-route' }, subRoute());
  const received = h('pre', { 'data-testid': 'received', class: 'received' }, 'null');
  const notifyStatus = h(
    'span',
    { 'data-testid': 'notify-status', class: 'muted', 'aria-live': 'polite' },
    '',
  );
  const notify = h(
    'button',
    { type: 'button', 'data-testid': 'notify', class: 'button primary' },
    '通知主应用',
  );
  // Asks the shell to open its feedback dialog (an app→shell request on the channel).
  const askFeedback = h(
    'button',
    { type: 'button', 'data-testid': 'ask-feedback', class: 'button' },
    '打开意见反馈',
  );
  const nav = h('nav', { class: 'routes', 'aria-label': `${name}子路由` });
  for (const route of routes) {
    const link = h(
      'a',
      { href: `${baseRoute}${route.path === '/' ? '/' : route.path}`, 'data-route': route.path },
      route.label,
    );
    link.addEventListener('click', (event) => {
      event.preventDefault();
      window.history.pushState(null, '', link.getAttribute('href'));
      updateRoute();
    });
    nav.append(link);
  }

  // The session context the shell shares with every app (user, tenant, locale).
  const contextText = h('span', { 'data-testid': 'context', class: 'muted' }, embedded ? '' : '—');
  // Who the app's own back end says is calling, from the token the shell issued for this app.
  const whoami = h('span', { 'data-testid': 'whoami', class: 'muted' }, embedded ? '…' : '—');

  root.replaceChildren(
    h(
      'header',
      { class: 'head' },
      h('h1', { 'data-testid': 'app-name' }, name),
      h('span', { 'data-testid': 'mode', class: 'tag' }, embedded ? '已嵌入主应用' : '独立运行'),
      contextText,
    ),
    h('section', { class: 'panel' }, h('h2', {}, '后端识别的调用者'), whoami),
    h('section', { class: 'panel' }, h('h2', {}, '当前子路由'), routeText, nav),
    h('section', { class: 'panel' }, h('h2', {}, '最近收到的数据'), received),
    h('section', { class: 'panel actions' }, notify, askFeedback, notifyStatus),
  );

  const dataListeners = [];
  const extension = extend?.({ root, h, onData: (fn) => dataListeners.push(fn), json }) ?? {};

  function updateRoute() {
    const current = subRoute();
    if (routeText.textContent !== current) routeText.textContent = current;
    for (const link of nav.querySelectorAll('a')) {
      link.classList.toggle('active', link.getAttribute('data-route') === current);
    }
  }
  updateRoute();

  const onData = (data) => {
    received.textContent = json(data);
    for (const fn of dataListeners) fn(data);
    updateRoute();
  };

  notify.addEventListener('click', () => {
    const at = new Date().toISOString();
    notifyStatus.textContent = sendToShell({ type: 'ping', app, at })
      ? `已发送 ${at}`
      : '独立运行，没有主应用可通知';
  });

  askFeedback.addEventListener('click', () => {
    if (!sendToShell({ type: 'open', dialog: 'feedback', app, at: new Date().toISOString() })) {
      notifyStatus.textContent = '独立运行，没有主应用可通知';
    }
  });

  // Back/forward and the shell's own navigation arrive as popstate.
  window.addEventListener('popstate', updateRoute);
  // Called at once with the data the shell already set, then on every change.
  const stopData = onShellData(onData);
  const stopContext = onContext((context) => {
    contextText.textContent = `${context.user.name || context.user.phone} · ${context.tenant.name}`;
  });

  // The app's back end (the mock's sample endpoint) verifies the scoped token and answers who
  // calls; a refusal as expired means the session ended: the shell is told.
  const whoamiUrl = new URL('api/whoami', window.__MICRO_APP_PUBLIC_PATH__ ?? window.location.href).href;
  const stopToken = embedded
    ? onSessionToken(
        async ({ token }) => {
          const answer = await fetch(whoamiUrl, { headers: { Authorization: `Bearer ${token}` } });
          const body = await answer.json().catch(() => null);
          if (answer.ok && body?.data) whoami.textContent = `${body.data.user} · ${body.data.tenant}`;
          else if (answer.status === 401 && /expired/i.test(body?.msg ?? '')) reportSessionExpired();
          else whoami.textContent = `未识别（${answer.status}）`;
        },
        (error) => (whoami.textContent = `没有令牌：${error.message}`),
      )
    : () => {};

  return function stop() {
    stopToken();
    window.removeEventListener('popstate', updateRoute);
    stopData();
    stopContext();
    extension.unmount?.();
    root.replaceChildren();
    // Visible proof for the shell's tests that the unmount hook ran (kept in the app's own storage,
    // on its own origin: the next frame of this app in the tab reads it).
    window.sessionStorage.setItem(`sample-app-unmounted:${app}`, new Date().toISOString());
  };
}
