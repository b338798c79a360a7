// 产品管理 — sample sub-app. Shows the sub-route the shell asks for through data ({subRoute}).
import { startSampleApp } from '../shared/sample-app.js';

const labels = {
  commodityManagement: '商品管理',
  classifiedManagement: '分类管理',
  attributeManagement: '属性管理',
};

startSampleApp({
  app: 'product',
  name: '产品管理',
  routes: [
    { path: '/commodityManagement', label: '商品管理' },
    { path: '/classifiedManagement', label: '分类管理' },
    { path: '/attributeManagement', label: '属性管理' },
  ],
  extend({ root, h, onData }) {
    const value = h('code', { 'data-testid': 'data-sub-route' }, '—');
    const label = h('span', { class: 'muted' }, '');
    root.append(
      h('section', { class: 'panel' }, h('h2', {}, '主应用指定的子路由（data.subRoute）'), value, ' ', label),
    );
    onData((data) => {
      if (!data || typeof data.subRoute !== 'string') return;
      value.textContent = data.subRoute;
      label.textContent = labels[data.subRoute] ?? '未知子路由';
    });
  },
});
