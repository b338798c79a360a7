import { createApp } from 'vue';
import { createRouter, createWebHashHistory } from 'vue-router';
import App from './App.vue';
import Home from './Home.vue';

const routes = [
  { path: '/', component: Home },
  { path: '/page2', component: () => import('./Page2.vue') },
];

let app = null;
let history = null;

function mount() {
  history = createWebHashHistory();
  app = createApp(App).use(createRouter({ history, routes }));
  app.mount('#vite-child');
}

function unmount() {
  app?.unmount();
  history?.destroy();
  app = null;
  history = null;
}

if (window.__MICRO_APP_ENVIRONMENT__) {
  // A module graph still evaluating when the entry's `load` fired: the lifecycle comes later.
  await import('./later.js');
  window[`micro-app-${window.__MICRO_APP_NAME__}`] = { mount, unmount };
  // micro-app's example goes on to assert a global its host's plugin defines; no host here does.
  throw new ReferenceError('escapeKey1 is not defined');
} else {
  mount();
}
