/**
 * Runs `task` in a task of its own, as soon as the browser has finished the current one (a
 * message to itself: not throttled in a background tab like a timer); returns the cancel.
 * A module without imports: the bootstrap calls (src/session/queries.ts) use it in their own
 * stage of the first load, before antd and the app's entry are evaluated.
 */
export function inNextTask(task: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) task();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
