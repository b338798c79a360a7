/**
 * The contract-breaking pass: with the scenario examples (mock stack in example mode),
 * one operation at a time answers wrongly — fields missing, wrong types, `data: null`,
 * a body that is not JSON, a 502, no answer at all — injected at the network layer.
 * Each case opens the region that uses the operation and checks: no uncaught error, no
 * blank page; for the failures the transport sees (not JSON, 502, no answer, null data
 * where an object is due) an error state with a retry, and the retry recovers once the
 * server answers again; and the rest of the shell keeps working (the avatar menu opens).
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import pMap from 'p-map';
import {
  DocumentStore,
  listOperations,
  serviceDocuments,
  type OperationInfo,
} from '@zhique/workbench-contracts/reader';
import { errorStatesWithRetry, interceptApi, isBlank, settle, watchPage, type Finding } from './health';
import { ROUTES, routeTo } from '../../src/constants/routes';

export const FAULTS = [
  'missing-fields',
  'wrong-types',
  'data-null',
  'not-json',
  'http-502',
  'no-answer',
] as const;
type Fault = (typeof FAULTS)[number];

/** Faults the transport itself turns into an error: the region must say so and offer a retry. */
const TRANSPORT_ERRORS: readonly Fault[] = ['not-json', 'http-502', 'no-answer'];

interface Case {
  name: string;
  operationId: string;
  path: string;
  /** Opens the region after the page loaded (a drawer, a dialog). */
  open?: (page: Page) => Promise<void>;
  /** The shell's top bar is on this page (so the avatar menu must still open). */
  shell: boolean;
}

const openNotices = async (page: Page) => {
  await page.getByTestId('notice-bell').click({ timeout: 5_000 });
};
const openInvite = async (page: Page) => {
  await page.getByTestId('avatar-trigger').click({ timeout: 5_000 });
  await page.getByTestId('avatar-menu-invite').click({ timeout: 5_000 });
};

export const CASES: Case[] = [
  {
    name: 'user info (bootstrap)',
    operationId: 'getUserInfo',
    path: routeTo.subAppHome('manual'),
    shell: false,
  },
  {
    name: 'user config (bootstrap)',
    operationId: 'getUserConfig',
    path: routeTo.subAppHome('manual'),
    shell: false,
  },
  { name: 'server menus', operationId: 'getUserMenus', path: routeTo.subAppHome('manual'), shell: true },
  {
    name: 'notice drawer',
    operationId: 'listNotices',
    path: routeTo.subAppHome('manual'),
    open: openNotices,
    shell: true,
  },
  {
    name: 'invite dialog',
    operationId: 'createInviteLink',
    path: routeTo.subAppHome('manual'),
    open: openInvite,
    shell: true,
  },
  { name: 'my enterprises', operationId: 'listTenants', path: ROUTES.userCenter.enterprise, shell: true },
  { name: 'my feedback', operationId: 'listFeedback', path: ROUTES.userCenter.myFeedback, shell: true },
  {
    name: 'account settings',
    operationId: 'getAuthDetail',
    path: ROUTES.userCenter.accountSetting,
    shell: true,
  },
  {
    name: 'feedback detail',
    operationId: 'getQuestionFeedback',
    path: routeTo.feedbackDetail('question', 'fb-5002'),
    shell: true,
  },
  { name: 'members (admin)', operationId: 'getTenantDetail', path: '/manage/members', shell: true },
  { name: 'roles (admin)', operationId: 'listRoles', path: '/manage/roles', shell: true },
  { name: 'entrance', operationId: 'listTenants', path: ROUTES.entrance, shell: false },
];

function operation(operationId: string): OperationInfo {
  const store = new DocumentStore();
  const op = serviceDocuments
    .flatMap((s) => listOperations(store, s))
    .find((o) => o.operationId === operationId);
  if (!op) throw new Error(`fuzz: no operation ${operationId} in the contracts`);
  return op;
}

function matches(op: OperationInfo, method: string, url: string): boolean {
  const { pathname } = new URL(url);
  const prefix = `/api/${op.service}`;
  return method === op.method && pathname.startsWith(prefix) && op.regex.test(pathname.slice(prefix.length));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const wrongType = (value: Json): Json => {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { length: value.length };
  if (value && typeof value === 'object') return 'object expected';
  return 0;
};

/** The response body with the fault applied (for the faults that keep a JSON body). */
function breakBody(body: Json, fault: Fault): Json {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const data = body.data;
  const each = (value: Json, fn: (v: { [key: string]: Json }) => Json): Json =>
    Array.isArray(value)
      ? value.map((item) => each(item, fn))
      : value && typeof value === 'object'
        ? fn(value)
        : value;
  // One level into lists: `{ rows: [...] }`, `{ list: [...] }` and arrays break item by item.
  const deep = (fn: (v: { [key: string]: Json }) => Json) => (obj: { [key: string]: Json }) =>
    fn(
      Object.fromEntries(
        Object.entries(obj).map(([k, v]) => [k, Array.isArray(v) ? (v.map((i) => each(i, fn)) as Json) : v]),
      ),
    );
  switch (fault) {
    case 'data-null':
      return { ...body, data: null };
    case 'missing-fields':
      return {
        ...body,
        data: each(
          data ?? null,
          deep((obj) => Object.fromEntries(Object.entries(obj).filter(([, v]) => Array.isArray(v)))),
        ),
      };
    case 'wrong-types':
      return {
        ...body,
        data: each(
          data ?? null,
          deep((obj) =>
            Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, Array.isArray(v) ? v : wrongType(v)])),
          ),
        ),
      };
    default:
      return body;
  }
}

async function inject(route: Route, fault: Fault): Promise<void> {
  if (fault === 'no-answer') return; // held: the app's request time limit must end it
  if (fault === 'http-502')
    return route.fulfill({
      status: 502,
      contentType: 'text/html',
      body: '<html><body>502 Bad Gateway</body></html>',
    });
  if (fault === 'not-json')
    return route.fulfill({ status: 200, contentType: 'application/json', body: '<html>not json' });
  const response = await route.fetch();
  const body = (await response.json().catch(() => null)) as Json;
  return route.fulfill({ response, json: breakBody(body, fault) });
}

export interface FaultTally {
  runs: number;
  errorStates: number;
  recovered: number;
  findings: Finding[];
}

/** Runs every case with every fault, each in a fresh page of `context` (already signed in), `concurrency` at a time. */
export async function runFaults(
  context: BrowserContext,
  opts: { timeoutMs: number; concurrency: number; log: (line: string) => void },
): Promise<FaultTally> {
  const tally: FaultTally = { runs: 0, errorStates: 0, recovered: 0, findings: [] };
  const jobs = CASES.flatMap((c) => FAULTS.map((fault) => ({ c, op: operation(c.operationId), fault })));
  await pMap(jobs, (job) => runOne(context, job.c, job.op, job.fault, opts, tally), {
    concurrency: Math.max(1, opts.concurrency),
  });
  return tally;
}

async function runOne(
  context: BrowserContext,
  c: Case,
  op: OperationInfo,
  fault: Fault,
  opts: { timeoutMs: number; log: (line: string) => void },
  tally: FaultTally,
): Promise<void> {
  const page = await context.newPage();
  const watch = watchPage(page);
  const step = `${c.name} × ${fault}`;
  const found: Finding[] = [];
  const fail = (kind: Finding['kind'], detail: string) =>
    found.push({ seed: 'faults', step, url: page.url(), kind, detail });
  let broken = true;
  await interceptApi(page, (route) =>
    broken && matches(op, route.request().method(), route.request().url())
      ? inject(route, fault)
      : route.fallback(),
  );
  try {
    await page.goto(c.path, { waitUntil: 'domcontentloaded' });
    await settle(page, 300, opts.timeoutMs * 3);
    if (c.open) await c.open(page).catch(() => undefined);
    // A held request ends after the time limit, and React Query tries a query twice.
    await page.waitForTimeout(fault === 'no-answer' ? opts.timeoutMs * 2 + 1_500 : 500);
    await settle(page, 300, opts.timeoutMs * 3);
    // A region may report a little after the network has gone quiet (a busy machine): look for a while.
    let states = await errorStatesWithRetry(page);
    for (
      let waited = 0;
      !states.length && TRANSPORT_ERRORS.includes(fault) && waited < opts.timeoutMs * 2;
      waited += 250
    ) {
      await page.waitForTimeout(250);
      states = await errorStatesWithRetry(page);
    }
    if (states.length) tally.errorStates += 1;
    if (TRANSPORT_ERRORS.includes(fault) && !states.length)
      fail('expectation', 'no error state with a retry');
    // The shell may still be rendering after the network went quiet (a busy machine): wait a while.
    const topBar = c.shell
      ? await page
          .getByTestId('avatar-trigger')
          .waitFor({ state: 'visible', timeout: opts.timeoutMs * 2 })
          .then(
            () => true,
            () => false,
          )
      : true;
    if (!topBar) fail('expectation', 'the top bar is gone');
    if (c.shell) {
      // Close the region's drawer or dialog first (with its close button: Escape needs the focus inside).
      await page.keyboard.press('Escape');
      for (const close of await page.locator('.ant-modal-close:visible, .ant-drawer-close:visible').all())
        await close.click({ timeout: 2_000 }).catch(() => undefined);
      await page.mouse.move(1, 400);
      // A dialog still fading out covers the top bar with its mask: wait for it to be gone.
      await page
        .locator('.ant-modal-wrap:visible, .ant-drawer-open')
        .first()
        .waitFor({ state: 'detached', timeout: 3_000 })
        .catch(() => undefined);
      await page
        .getByTestId('avatar-trigger')
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      const menu = await page
        .locator('.ant-dropdown-menu[role="menu"]')
        .waitFor({ state: 'visible', timeout: 3_000 })
        .then(
          () => true,
          () => false,
        );
      if (!menu) fail('expectation', 'the avatar menu does not open');
      await page.keyboard.press('Escape');
    }
    if (states.length) {
      // The server answers again: the retry brings the region back.
      broken = false;
      await page
        .locator('[role="alert"] button', { hasText: /重\s*试/ })
        .first()
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await settle(page, 300, opts.timeoutMs * 3);
      if ((await errorStatesWithRetry(page)).length === 0) tally.recovered += 1;
      else if (TRANSPORT_ERRORS.includes(fault))
        fail('expectation', 'the retry did not bring the region back');
    }
  } catch (error) {
    fail('expectation', `the case could not run: ${(error as Error).message.split('\n')[0]}`);
  }
  for (const detail of watch.take()) fail('pageerror', detail);
  if (await isBlank(page)) fail('blank', 'the page shows nothing');
  tally.runs += 1;
  tally.findings.push(...found);
  opts.log(`  ${step}: ${found.length ? 'FAIL' : 'ok'}`);
  await page.close();
}
