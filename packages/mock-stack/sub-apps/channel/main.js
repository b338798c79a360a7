// 渠道管理 — sample sub-app.
import { onUnmount } from '../kit/index.js';
import { startSampleApp } from '../shared/sample-app.js';

// An ES-module child: it renders as soon as it runs, and cleans up when the shell removes it.
const stop = startSampleApp({
  app: 'channel',
  name: '渠道管理',
  routes: [
    { path: '/', label: '首页' },
    { path: '/partners', label: '渠道伙伴' },
  ],
});
onUnmount(stop);
