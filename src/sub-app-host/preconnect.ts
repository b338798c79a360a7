/**
 * The sub-apps' frames live on origins of their own: a new connection each. The signed-in
 * shell opens them ahead (`<link rel="preconnect">`), so an app's frame page does not wait
 * for a handshake when its route is opened.
 */
import { config, type SubAppName } from '@/config/env';
import { frameOriginFor } from '@/constants/frame-origins';
import { whenIdle } from '@/ui/when-idle';

let done = false;

function preconnectFrames(): void {
  if (done || typeof document === 'undefined') return;
  done = true;
  for (const app of Object.keys(config.subApps) as SubAppName[]) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = frameOriginFor(app, config.subAppFrameOrigin, window.location);
    document.head.append(link);
  }
}

/** `preconnectFrames` once the browser is idle (at the latest after 2 s); returns the cancel. */
export function preconnectFramesWhenIdle(): () => void {
  return whenIdle(preconnectFrames);
}
