// The rail's sub-route, as the shell sends it through data ({ type: 'route', subRoute }).
import { getShellData } from '../../kit/index.js';

const labels = {
  commodityManagement: '商品管理',
  classifiedManagement: '分类管理',
  attributeManagement: '属性管理',
};

export function subRoutePanel({ root, h, onData }) {
  const value = h('code', { 'data-testid': 'data-sub-route' }, '—');
  const label = h('span', { class: 'muted' }, '');
  const section = h(
    'section',
    { class: 'panel', 'data-testid': 'lazy-chunk' },
    h('h2', {}, '主应用指定的子路由（data.subRoute）'),
    value,
    ' ',
    label,
  );
  root.append(section);
  const show = (data) => {
    if (!data || typeof data.subRoute !== 'string') return;
    value.textContent = data.subRoute;
    label.textContent = labels[data.subRoute] ?? '未知子路由';
  };
  onData(show);
  show(getShellData());
  return { unmount: () => section.remove() };
}
