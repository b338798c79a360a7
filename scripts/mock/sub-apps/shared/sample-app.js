/**
 * What the four sample sub-apps have in common. Each app's main.js calls
 * `startSampleApp({ app, name, routes, extend })`.
 *
 * Under @micro-zoe/micro-app 1.0 (iframe sandbox, router-mode native) this code runs in
 * the sandbox's iframe: `window.microApp` is the data channel and
 * `window.__MICRO_APP_BASE_ROUTE__` the route prefix the shell gave the app. Opened on
 * its own (standalone) neither exists and the base route is the app's own folder.
 */

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
  const channel = window.microApp;
  const embedded = Boolean(window.__MICRO_APP_ENVIRONMENT__ && channel);
  const baseRoute = (window.__MICRO_APP_BASE_ROUTE__ || `/__mock/apps/${app}`).replace(/\/+$/, '');

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

  root.replaceChildren(
    h(
      'header',
      { class: 'head' },
      h('h1', { 'data-testid': 'app-name' }, name),
      h('span', { 'data-testid': 'mode', class: 'tag' }, embedded ? '已嵌入主应用' : '独立运行'),
    ),
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
    const message = { type: 'ping', app, at: new Date().toISOString() };
    if (!embedded) {
      notifyStatus.textContent = '独立运行，没有主应用可通知';
      return;
    }
    channel.dispatch(message);
    notifyStatus.textContent = `已发送 ${message.at}`;
  });

  askFeedback.addEventListener('click', () => {
    if (embedded) channel.dispatch({ type: 'open', dialog: 'feedback', app, at: new Date().toISOString() });
    else notifyStatus.textContent = '独立运行，没有主应用可通知';
  });

  // The shell may change the URL without telling us: popstate, plus a light poll.
  window.addEventListener('popstate', updateRoute);
  const poll = window.setInterval(updateRoute, 500);

  if (embedded) {
    // autoTrigger: also called at once with the data already set on the element.
    channel.addDataListener(onData, true);
  }

  // micro-app sends `unmount` to the app's window when the shell removes it.
  window.addEventListener('unmount', () => {
    window.clearInterval(poll);
    window.removeEventListener('popstate', updateRoute);
    if (embedded) channel.clearDataListener();
    extension.unmount?.();
  });
}
