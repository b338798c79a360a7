// 渠道管理 — sample sub-app.
import { startSampleApp } from '../shared/sample-app.js';

startSampleApp({
  app: 'channel',
  name: '渠道管理',
  routes: [
    { path: '/', label: '首页' },
    { path: '/partners', label: '渠道伙伴' },
  ],
});
