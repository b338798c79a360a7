/**
 * Starts the contract badge when the app runs behind the integration gateway (`npm start --
 * --upstream URL` or `--replay FILE`, which run Vite in mode "integration" for main.tsx): its findings
 * feed says hello, and the badge mounts in a root of its own beside the shell. Without the feed
 * (a plain `vite` against the gateway's port) the EventSource closes and nothing is shown.
 */
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { THEME } from '@/ui/theme';
import { ContractFindingsBadge } from './ContractFindingsBadge';
import { FindingsStore, parseFinding } from './findings-list';

/** The gateway's findings feed (packages/mock-stack/src/integration/feed.ts). */
const FEED_URL = '/__contract/findings';

/** Findings of up to this long before the page's navigation started count for it (clock rounding). */
const SKEW_MS = 1_000;

export function watchContractFindings(): void {
  const feed = new EventSource(FEED_URL);
  // Listening from the start: what the feed sends with its hello (the page's first calls) is kept.
  const store = new FindingsStore(performance.timeOrigin - SKEW_MS);
  feed.addEventListener('finding', (event: MessageEvent<string>) => {
    const finding = parseFinding(event.data);
    if (finding) store.add(finding);
  });
  let mounted = false;
  feed.addEventListener('hello', (event: MessageEvent<string>) => {
    if (mounted) return;
    mounted = true;
    let upstream = '';
    try {
      upstream = String((JSON.parse(event.data) as { upstream?: unknown }).upstream ?? '');
    } catch {
      // shown without it
    }
    const host = document.createElement('div');
    host.dataset.devTool = 'contract-findings';
    document.body.append(host);
    createRoot(host).render(
      <ConfigProvider locale={zhCN} theme={THEME}>
        <ContractFindingsBadge store={store} upstream={upstream} />
      </ConfigProvider>,
    );
  });
  // No gateway feed (the mock stack): the browser does not retry a 404, and neither do we.
  feed.addEventListener('error', () => {
    if (!mounted && feed.readyState === EventSource.CLOSED) feed.close();
  });
}
