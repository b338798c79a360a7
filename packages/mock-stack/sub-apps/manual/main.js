// 织雀手册 — sample sub-app. Also carries the guide tour's targets and shows "refresh" requests.
import { onUnmount } from '../kit/index.js';
import { startSampleApp } from '../shared/sample-app.js';

// An ES-module child: it renders as soon as it runs, and cleans up when the shell removes it.
const stop = startSampleApp({
  app: 'manual',
  name: '织雀手册',
  routes: [
    { path: '/', label: '首页' },
    { path: '/list', label: '我的手册' },
    { path: '/recycle', label: '回收站' },
  ],
  extend({ root, h, onData, json }) {
    // Targets of the shell's guide tour (steps 2–4): personal center, recycle bin, new manual.
    root.append(
      h(
        'section',
        { class: 'panel actions', 'aria-label': '手册操作' },
        h('button', { type: 'button', class: 'button', 'data-guide': 'personal-center' }, '个人中心'),
        h('button', { type: 'button', class: 'button', 'data-guide': 'recycle-bin' }, '回收站'),
        h('button', { type: 'button', class: 'button primary', 'data-guide': 'new-manual' }, '新建手册'),
      ),
    );
    // {type: 'refresh', scene_no}: the shell asks the manual list to reload (after a new A0001 notice).
    // Repeated identical requests (forceSetData) each bump the counter.
    const count = h('span', { class: 'count', 'data-testid': 'refresh-count' }, '0');
    const last = h('pre', { class: 'received', 'data-testid': 'last-refresh' }, 'null');
    root.append(
      h('section', { class: 'panel' }, h('h2', {}, '刷新请求'), h('p', {}, '已收到 ', count, ' 次'), last),
    );
    let refreshes = 0;
    onData((data) => {
      if (!data || data.type !== 'refresh') return;
      refreshes += 1;
      count.textContent = String(refreshes);
      last.textContent = json(data);
    });
  },
});
onUnmount(stop);
