// 制造引擎 — sample sub-app.
import { startSampleApp } from '../shared/sample-app.js';

startSampleApp({
  app: 'engine',
  name: '制造引擎',
  routes: [
    { path: '/', label: '首页' },
    { path: '/projects', label: '项目' },
  ],
});
