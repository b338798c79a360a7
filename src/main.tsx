// First: credentials and the bootstrap calls, before the app's own modules evaluate (imports
// evaluate in order, so this one stays on top). In a build it is a stage of its own, evaluated
// right after React and before antd because it is the first import here (vite-plugins/bootstrap-chunk.ts,
// vite-plugins/first-paint.ts); the other libraries are evaluated in stages before the entry too.
// eslint-disable-next-line import-x/order -- evaluation order, see above
import { queryClient, sessionConfig, sessionPrefetched } from './app/early-start';
import '@ant-design/v5-patch-for-react-19';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { pageStylesLoaded } from './app/page-styles';
import { enterLandingPage } from './app/landing';
import { preloadPagesFor, renderWaitsForSession, startFirstDataFor } from './app/pages';
import { warmUpLibrariesSoon } from './app/warm-up';
import { layOutWhilePrerendering } from './ui/page-shown';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// index.html's loading screen stays until the bootstrap calls (usually answered while the
// bundle evaluated) are in: the shell then renders once, with its data, not a spinner first.
// As a transition: React renders in slices of about 5 ms and lets the browser in between,
// instead of one long task (a plain render runs in the synchronous lane, react#24392).
// A page the URL names (not an app's host) is fetched meanwhile and is part of that render (app/pages.ts).
// `/` becomes the landing page's address first, so the router starts there (app/landing.ts).
// Meanwhile, in a task of its own, what the first commit would compile inside its task (app/warm-up.ts).
warmUpLibrariesSoon();
// A page prerendered for a module tab is laid out while it waits, not after the click (ui/page-shown.ts).
layOutWhilePrerendering();
// Development builds behind the integration gateway (start.ts runs Vite in mode "integration") show its contract findings (src/dev-tools);
// production builds drop this branch and the module with it (a build test checks).
if (import.meta.env.DEV && import.meta.env.MODE === 'integration')
  void import('./dev-tools/contract-findings').then((tools) => tools.watchContractFindings());
// That page's first data call leaves as soon as the user config answered (app/pages.ts).
void sessionConfig.then(
  (config) => config && startFirstDataFor(new URL(window.location.href), queryClient, config),
);
// The sign-in callback and the 404 page render outside the session: they do not wait for it.
// A back-end or user centre page's antd styles, when the boot script linked their file, are there first (app/page-styles.ts).
const session = renderWaitsForSession(window.location.pathname) ? sessionPrefetched : undefined;
void Promise.all([session, preloadPagesFor(window.location.pathname), pageStylesLoaded()]).then(() => {
  enterLandingPage(queryClient);
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
