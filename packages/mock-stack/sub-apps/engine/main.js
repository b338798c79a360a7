// 制造引擎 — sample sub-app.
import { onUnmount } from '../kit/index.js';
import { startSampleApp } from '../shared/sample-app.js';

// An ES-module child: it renders as soon as it runs, and cleans up when the shell removes it.
const stop = startSampleApp({
  app: 'engine',
  name: '制造引擎',
  routes: [
    { path: '/', label: '首页' },
    { path: '/projects', label: '项目' },
  ],
});
onUnmount(stop);
