/**
 * Every message between the shell and a frame is checked field by field where it arrives: each
 * kind, valid, passes as it is; the same message with any one field missing or of another
 * type is refused. The examples are typed against the message unions, so a new kind without
 * an example (or without its check and handler, below) fails the typecheck.
 */
import { describe, expect, it } from 'vitest';
import {
  dispatch,
  FRAME_CHANNEL,
  GUIDE_TARGETS_LIMIT,
  isWelcome,
  parseFrameMessage,
  parseShellMessage,
  type FrameToShell,
  type Handlers,
  type ShellToFrame,
  type Welcome,
} from './messages';

type Examples<T extends { kind: string }> = { [K in T['kind']]: Extract<T, { kind: K }> };

const FRAME_EXAMPLES: Examples<FrameToShell> = {
  mounted: { kind: 'mounted' },
  error: { kind: 'error', reason: 'ReferenceError: x is not defined' },
  location: { kind: 'location', path: '/micro-app-manual/a?b=1', replace: false, state: { n: 1 } },
  dispatch: { kind: 'dispatch', data: { type: 'notices-changed' } },
  request: { kind: 'request', id: 1, body: { type: 'session-token' } },
  modal: { kind: 'modal', open: true, mask: 'rgba(0, 0, 0, 0.45)' },
  'guide-targets': { kind: 'guide-targets', targets: { search: { left: 1, top: 2, width: 30, height: 4 } } },
  storage: { kind: 'storage', area: 'local', items: { theme: 'dark' } },
  unmounted: { kind: 'unmounted' },
};

const SHELL_EXAMPLES: Examples<ShellToFrame> = {
  data: { kind: 'data', data: { sceneId: 3 } },
  'global-data': { kind: 'global-data', data: { tenant: 't-1' } },
  navigate: { kind: 'navigate', path: '/micro-app-manual/x', state: null },
  answer: { kind: 'answer', id: 7, ok: true, value: { token: 't', expiresAt: 1 } },
  unmount: { kind: 'unmount' },
};

/**
 * Fields whose value is the contract's to check (data a child sent, a history.state, an
 * answer's value), as `field:kind`: only their absence is wrong here.
 */
const FREE_FIELDS = new Set([
  'state:location',
  'state:navigate',
  'data:dispatch',
  'body:request',
  'value:answer',
]);
/** Request ids, counted from 1: a zero, a negative or a fraction is wrong too. */
const ID_FIELDS = new Set(['id:request', 'id:answer']);

/** Fields that may be null (a modal without a mask of its own). */
const NULLABLE_FIELDS = new Set(['mask']);

/** Values of another type than `value`. */
function wrongFor(value: unknown): unknown[] {
  if (typeof value === 'string') return [42, null, {}, undefined];
  if (typeof value === 'number') return ['1', Number.NaN, Infinity, null, undefined];
  if (typeof value === 'boolean') return ['true', 1, null, undefined];
  if (value === null) return [42, {}, undefined];
  // Objects: of another type, a list, or another kind of object structured clone carries.
  return ['x', null, [], 42, new Map([['a', 'b']]), new Date(0), undefined];
}

/** The example with one field changed (`undefined`: left out). */
function withField(message: object, field: string, value: unknown): Record<string, unknown> {
  const changed: Record<string, unknown> = { ...message };
  if (value === undefined) delete changed[field];
  else changed[field] = value;
  return changed;
}

function mutations(message: { kind: string }): [string, Record<string, unknown>][] {
  return Object.entries(message)
    .filter(([field]) => field !== 'kind')
    .flatMap(([field, value]) => {
      const key = `${field}:${message.kind}`;
      const wrongs = FREE_FIELDS.has(key)
        ? [undefined]
        : [...wrongFor(value), ...(ID_FIELDS.has(key) ? [0, -1, 1.5] : [])].filter(
            (wrong) => wrong !== null || !NULLABLE_FIELDS.has(field),
          );
      return wrongs.map((wrong): [string, Record<string, unknown>] => [
        `${field} = ${wrong === undefined ? '(missing)' : (JSON.stringify(wrong) ?? String(wrong))}`,
        withField(message, field, wrong),
      ]);
    });
}

describe('frame → shell messages', () => {
  it.each(Object.values(FRAME_EXAMPLES).map((m) => [m.kind, m] as const))(
    '%s passes as it is',
    (_kind, message) => {
      expect(parseFrameMessage(structuredClone(message))).toEqual(message);
    },
  );

  it.each(
    Object.values(FRAME_EXAMPLES).flatMap((m) =>
      mutations(m).map(([what, changed]) => [m.kind, what, changed] as const),
    ),
  )('%s with %s is refused', (_kind, _what, changed) => {
    expect(parseFrameMessage(changed)).toBeNull();
  });

  it.each([
    ['a box with a size that is not a number', { search: { left: 0, top: 0, width: 'wide', height: 1 } }],
    ['a box of negative height', { search: { left: 0, top: 0, width: 1, height: -1 } }],
    ['a box at infinity', { search: { left: Infinity, top: 0, width: 1, height: 1 } }],
    ['a box that is not an object', { search: 'here' }],
    [
      'more targets than the tour has',
      Object.fromEntries(
        Array.from({ length: GUIDE_TARGETS_LIMIT + 1 }, (_, i) => [
          `t${i}`,
          { left: 0, top: 0, width: 1, height: 1 },
        ]),
      ),
    ],
  ])('guide-targets with %s is refused', (_what, targets) => {
    expect(parseFrameMessage({ kind: 'guide-targets', targets })).toBeNull();
  });

  it.each([
    ['an area of another kind', { kind: 'storage', area: 'cookie', items: {} }],
    ['an item that is not a string', { kind: 'storage', area: 'session', items: { n: 1 } }],
    ['a request id counted from 0', { kind: 'request', id: 0, body: {} }],
  ])('%s is refused', (_what, message) => {
    expect(parseFrameMessage(message)).toBeNull();
  });

  it.each([
    ['no object', 'mounted'],
    ['an array', [{ kind: 'mounted' }]],
    ['no kind', {}],
    ['an unknown kind', { kind: 'hello' }],
    ['a kind of the other direction', { kind: 'unmount' }],
    ['a kind from the prototype', { kind: 'toString' }],
  ])('%s is refused', (_what, value) => {
    expect(parseFrameMessage(value)).toBeNull();
  });
});

/** Every shell message, and the other form of an answer (a refusal with its reason). */
const SHELL_MESSAGES: ShellToFrame[] = [
  ...Object.values(SHELL_EXAMPLES),
  { kind: 'answer', id: 2, ok: false, reason: 'a confirm of this app is already open' },
];

describe('shell → frame messages', () => {
  it.each(SHELL_MESSAGES.map((m) => [m.kind, m] as const))('%s passes as it is', (_kind, message) => {
    expect(parseShellMessage(structuredClone(message))).toEqual(message);
  });

  it.each(
    SHELL_MESSAGES.flatMap((m) => mutations(m).map(([what, changed]) => [m.kind, what, changed] as const)),
  )('%s with %s is refused', (_kind, _what, changed) => {
    expect(parseShellMessage(changed)).toBeNull();
  });

  it.each([
    ['a refusal without its reason', { kind: 'answer', id: 1, ok: false, value: 1 }],
    ['a refusal whose reason is no string', { kind: 'answer', id: 1, ok: false, reason: 42 }],
    ['an answer that is neither yes nor no', { kind: 'answer', id: 1, ok: 'yes', value: 1 }],
    ['data that is a list', { kind: 'data', data: [] }],
  ])('%s is refused', (_what, message) => {
    expect(parseShellMessage(message)).toBeNull();
  });
});

describe('the welcome', () => {
  const welcome: Welcome = {
    channel: FRAME_CHANNEL,
    kind: 'welcome',
    app: 'manual',
    entry: 'http://localhost:4174/manual/',
    data: {},
    globalData: { tenant: 't-1' },
    storage: { local: { a: 'b' }, session: {} },
  };

  it('passes as it is', () => expect(isWelcome(structuredClone(welcome))).toBe(true));

  it.each(mutations(welcome).filter(([what]) => !what.startsWith('channel')))(
    'with %s is refused',
    (_what, changed) => {
      expect(isWelcome(changed)).toBe(false);
    },
  );

  it.each([
    ['of another channel', { ...welcome, channel: 'other' }],
    ['with stored items that are not strings', { ...welcome, storage: { local: { a: 1 }, session: {} } }],
    ['without the session area', { ...welcome, storage: { local: {} } }],
  ])('%s is refused', (_what, value) => expect(isWelcome(value)).toBe(false));
});

describe('dispatch', () => {
  it('hands each kind to its own handler, typed as that kind', () => {
    const seen: string[] = [];
    const handlers: Handlers<FrameToShell> = {
      mounted: () => seen.push('mounted'),
      error: (m) => seen.push(`error ${m.reason}`),
      location: (m) => seen.push(`location ${m.path}`),
      dispatch: () => seen.push('dispatch'),
      request: (m) => seen.push(`request ${m.id}`),
      modal: (m) => seen.push(`modal ${m.open}`),
      'guide-targets': () => seen.push('guide-targets'),
      storage: (m) => seen.push(`storage ${m.area}`),
      unmounted: () => seen.push('unmounted'),
    };
    for (const message of Object.values(FRAME_EXAMPLES)) dispatch(handlers, message);
    expect(seen).toEqual([
      'mounted',
      'error ReferenceError: x is not defined',
      'location /micro-app-manual/a?b=1',
      'dispatch',
      'request 1',
      'modal true',
      'guide-targets',
      'storage local',
      'unmounted',
    ]);
  });

  it('refuses to compile handlers that leave a kind out', () => {
    // @ts-expect-error -- `unmount` has no handler: a kind added without its handling is a type error
    const incomplete: Handlers<ShellToFrame> = {
      data: () => {},
      'global-data': () => {},
      navigate: () => {},
      answer: () => {},
    };
    expect(Object.keys(incomplete)).not.toContain('unmount');
  });
});
