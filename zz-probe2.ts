import puppeteer from 'puppeteer-core';
import path from 'node:path';
import { startMockStack } from './scripts/mock/index';
import { serveBuild } from './scripts/bench/static-server';
const stack = await startMockStack({ quiet: true });
const site = await serveBuild({ dir: path.resolve(process.env.DIST ?? 'dist'), gatewayUrl: stack.url });
const cats = (process.env.CATS ?? 'devtools.timeline,disabled-by-default-devtools.timeline,blink,fonts,disabled-by-default-fonts').split(',');
for (let i = 0; i < 2; i++) {
  const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const p = await b.newPage();
  await p.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  await p.goto(`${site.url}/__mock/scenario/personal?next=%2F`);
  await p.waitForSelector('[data-testid="avatar-trigger"]', { timeout: 60000 });
  await p.goto('about:blank');
  await p.tracing.start({ categories: cats });
  await p.goto(site.url + '/', { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 1500));
  const ev = JSON.parse(Buffer.from(await p.tracing.stop()).toString()).traceEvents;
  const lays = ev.filter((e: any) => e.name === 'Layout' && e.dur > 10000);
  for (const l of lays) {
    const kids = ev.filter((e: any) => e.pid === l.pid && e.tid === l.tid && e.ts >= l.ts && e.ts < l.ts + l.dur && e.ph === 'X' && e !== l);
    const sum: Record<string, [number, number]> = {};
    for (const k of kids) { const s = (sum[k.name] ??= [0, 0]); s[0] += k.dur / 1000; s[1]++; }
    console.log('Layout', (l.dur / 1000).toFixed(1), Object.entries(sum).sort((a, b) => b[1][0] - a[1][0]).slice(0, 12).map(([k, v]) => `${k}:${v[0].toFixed(1)}ms×${v[1]}`).join(' | '));
  }
  await b.close();
}
await site.close(); await stack.stop();
