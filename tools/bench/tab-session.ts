/**
 * A DevTools session on a browser tab, the way Chrome's own DevTools attaches: to the tab
 * target, then to each page it shows through it. Chromium turns prerendering off while a
 * session is attached straight to a page (PrerenderingDisabledByDevTools), which is how
 * Playwright and puppeteer's CDPSession attach, and puppeteer's Page does not follow an
 * activation of a page prerendered long before the click. Attached through the tab, this
 * follows the page the tab shows (prerendered or not), throttles every page and frame of the
 * tab as it appears, and evaluates and clicks in whichever page is shown.
 */
import WebSocket from 'ws';

interface TargetInfo {
  targetId: string;
  type: string;
  subtype?: string;
  url: string;
  browserContextId?: string;
}

/** How long a DevTools call may take. */
const CALL_LIMIT_MS = 5_000;

type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

class Connection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();
  constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: unknown;
        error?: { message: string };
        sessionId?: string;
      };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      } else if (message.method) {
        for (const listener of this.listeners.get(message.method) ?? [])
          listener(message.params ?? {}, message.sessionId);
      }
    });
  }
  static open(url: string): Promise<Connection> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Connection(ws)));
      ws.once('error', reject);
    });
  }
  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, method, params, sessionId }));
    // A call to a page that goes away (navigated, swapped) is never answered: given up after a while.
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${CALL_LIMIT_MS} ms`));
      }, CALL_LIMIT_MS);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }
  on(method: string, listener: Listener) {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }
  close() {
    this.ws.close();
  }
}

export interface TabSession {
  /** Evaluates in the page the tab shows, asking again while a page is being swapped in. */
  evaluate(expression: string): Promise<unknown>;
  /** Navigates the page the tab shows. */
  navigate(url: string): Promise<void>;
  mouse(type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', x: number, y: number): Promise<void>;
  /** Closes the tab and its browser context. */
  close(): Promise<void>;
}

/** Auto-attach that holds each new target until it is resumed (`Runtime.runIfWaitingForDebugger`). */
const PAUSED_AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true } as const;

/**
 * Opens a tab with an empty page in a browser context of its own and attaches to it; throttles
 * every page and frame of it by `rate`. Nothing else should auto-attach to the tab's frames: a
 * client that does so paused holds each new frame until it has set it up (puppeteer's `Page`
 * held a sub-app frame's navigation ~200 ms in a switch's trace), which no user waits for.
 */
export async function openTab(browserWsUrl: string, rate: number): Promise<TabSession> {
  const cdp = await Connection.open(browserWsUrl);
  let browserContextId: string | undefined;
  try {
    ({ browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext'));
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    // The context is new: its one tab holds our page.
    const { targetInfos } = await cdp.send<{ targetInfos: TargetInfo[] }>('Target.getTargets', {
      filter: [{ type: 'tab' }],
    });
    const tab = targetInfos.find((t) => t.type === 'tab' && t.browserContextId === browserContextId);
    if (!tab) throw new Error('the new browser context has no tab');
    return await attachToTab(cdp, tab.targetId, targetId, browserContextId, rate);
  } catch (error) {
    if (browserContextId)
      await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
    cdp.close();
    throw error;
  }
}

async function attachToTab(
  cdp: Connection,
  tabId: string,
  targetId: string,
  browserContextId: string,
  rate: number,
): Promise<TabSession> {
  const throttling = rate > 1;
  let shown: string | undefined; // the session of the page the tab shows
  const pages = new Map<string, TargetInfo>(); // page sessions → their target
  const wire = (sessionId: string, info: TargetInfo) => {
    if (info.type === 'page') pages.set(sessionId, info);
    if (info.type === 'page' && info.subtype !== 'prerender' && info.targetId === targetId) shown = sessionId;
    // Unthrottled, nothing is paused: the pages run as they would with no DevTools attached.
    if (!throttling) return;
    // Throttled before it runs (attached paused), and so are its frames on other origins (the
    // sub-apps', processes of their own). A session handles its calls in order, so the three go
    // back to back and the target is resumed without waiting on a round trip for each. A page
    // being prerendered answers the throttling only once it runs, so nothing waits for that answer.
    const ignore = () => {};
    void cdp.send('Emulation.setCPUThrottlingRate', { rate }, sessionId).catch(ignore);
    void cdp.send('Target.setAutoAttach', PAUSED_AUTO_ATTACH, sessionId).catch(ignore);
    void cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(ignore);
  };
  cdp.on('Target.attachedToTarget', (params) => {
    wire(params.sessionId as string, params.targetInfo as TargetInfo);
  });
  cdp.on('Target.detachedFromTarget', (params) => {
    pages.delete(params.sessionId as string);
    if (shown === params.sessionId) shown = undefined;
  });
  // A prerendered page becoming the tab's page: its subtype goes.
  cdp.on('Target.targetInfoChanged', (params) => {
    const info = params.targetInfo as TargetInfo;
    for (const [sessionId, page] of pages) {
      if (page.targetId !== info.targetId) continue;
      pages.set(sessionId, info);
      if (info.type === 'page' && info.subtype !== 'prerender') shown = sessionId;
    }
  });
  // Through the tab, its pages (the one shown and those prerendered) are attached as they come,
  // the existing one at once.
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId: tabId,
    flatten: true,
  });
  await cdp.send(
    'Target.setAutoAttach',
    { ...PAUSED_AUTO_ATTACH, waitForDebuggerOnStart: throttling },
    sessionId,
  );
  const current = async () => {
    const deadline = Date.now() + 30_000;
    while (!shown) {
      if (Date.now() > deadline) throw new Error('the tab shows no page');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return shown;
  };
  return {
    async evaluate(expression) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          const answer = await cdp.send<{ result: { value?: unknown }; exceptionDetails?: unknown }>(
            'Runtime.evaluate',
            { expression, returnByValue: true, awaitPromise: true },
            await current(),
          );
          if (!answer.exceptionDetails) return answer.result.value;
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
        if (Date.now() > deadline) throw new Error(`evaluation failed: ${expression.slice(0, 80)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async navigate(url) {
      await cdp.send('Page.navigate', { url }, await current());
    },
    async mouse(type, x, y) {
      await cdp.send(
        'Input.dispatchMouseEvent',
        {
          type,
          x,
          y,
          button: type === 'mouseMoved' ? 'none' : 'left',
          clickCount: type === 'mouseMoved' ? 0 : 1,
        },
        await current(),
      );
    },
    async close() {
      await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
      cdp.close();
    },
  };
}
