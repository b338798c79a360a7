import './public-path';
import { createApp } from 'vue';
import { createRouter, createWebHistory } from 'vue-router';
import App from './App.vue';
import Home from './Home.vue';

const routes = [
  { path: '/', component: Home },
  { path: '/page2', component: () => import(/* webpackChunkName: "page2" */ './Page2.vue') },
];

let app = null;
let history = null;

// micro-app's UMD mode, the form of its Vue CLI example: window.mount and window.unmount.
window.mount = () => {
  // Its routes live under the base route the host gives (micro-app's native router mode).
  history = createWebHistory(window.__MICRO_APP_BASE_ROUTE__ || '/webpack-child/');
  app = createApp(App).use(createRouter({ history, routes }));
  app.mount('#app');
};

window.unmount = () => {
  app?.unmount();
  history?.destroy();
  app = null;
  history = null;
};

if (!window.__MICRO_APP_ENVIRONMENT__) window.mount();
