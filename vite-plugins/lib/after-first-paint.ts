/**
 * `afterFirstPaint(run, latestMs)` as plain ES2017 source, for the classic scripts the build
 * writes into index.html (the app loader, vite-plugins/first-paint.ts; the boot script,
 * vite-plugins/boot-frame): calls `run` once, when Paint Timing reports the first contentful
 * paint. At once when the browser cannot say (no Paint Timing) or the tab is hidden (nothing
 * paints in a background tab, and a tab hidden before anything painted reports no paint until
 * it is shown again); after `latestMs` at the latest, whatever happened.
 *
 * Why wait: a request that starts with the page shares the network and the browser's process
 * with what the first paint needs, and Lighthouse's page-load model counts every request that
 * ended before the largest paint as something that paint waited for.
 */
/** The usual `latestMs`: the app's scripts are requested by then even if no paint was reported. */
export const AFTER_FIRST_PAINT_LATEST_MS = 1500;

export const AFTER_FIRST_PAINT_SOURCE = `var afterFirstPaint = function (run, latestMs) {
    var done = false;
    var once = function () {
      if (done) return;
      done = true;
      run();
    };
    setTimeout(once, latestMs);
    try {
      var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
      if (document.visibilityState !== 'visible' || !types || types.indexOf('paint') < 0) return once();
      // Painted already (the observer's buffered entries are not delivered everywhere).
      if (performance.getEntriesByName('first-contentful-paint').length > 0) return once();
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        once();
      });
      observer.observe({ type: 'paint', buffered: true });
      document.addEventListener('visibilitychange', once, { once: true });
    } catch (error) {
      once();
    }
  };`;
