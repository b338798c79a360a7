// 产品管理 — sample sub-app built by webpack as a classic bundle (like a Vue CLI or
// create-react-app build): deferred scripts, an extracted stylesheet, a lazy chunk
// loaded through webpack's runtime from the public path, and micro-app's UMD lifecycle.
import './public-path.js';
import '../../shared/style.css';
import './reset.css';
import { startSampleApp } from '../../shared/sample-app.js';

let stop;

function mount() {
  stop = startSampleApp({
    app: 'product',
    name: '产品管理',
    routes: [
      { path: '/commodityManagement', label: '商品管理' },
      { path: '/classifiedManagement', label: '分类管理' },
      { path: '/attributeManagement', label: '属性管理' },
    ],
    extend(tools) {
      // Proof that the inline script of index.html ran before the bundle (the frame keeps the order).
      tools.root.dataset.inlineConfig = window.PRODUCT_APP_CONFIG?.build ?? 'missing';
      // The panel for the rail's sub-route comes in a chunk of its own (webpack's JSONP loading).
      let panel;
      let closed = false;
      import(/* webpackChunkName: "sub-route-panel" */ './sub-route-panel.js').then(({ subRoutePanel }) => {
        if (!closed) panel = subRoutePanel(tools);
      });
      return {
        unmount() {
          closed = true;
          panel?.unmount();
        },
      };
    },
  });
}

function unmount() {
  stop?.();
  stop = undefined;
}

// micro-app's UMD mode: the host mounts and unmounts; on its own the app mounts itself.
if (window.__MICRO_APP_ENVIRONMENT__) {
  window[`micro-app-${window.__MICRO_APP_NAME__}`] = { mount, unmount };
} else {
  mount();
}
