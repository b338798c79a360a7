/**
 * The contract badge of a development build, as a developer meets it: a count of this page's
 * violations as the gateway reports them (each once, repeats counted), and a list that names
 * the operation, who broke it, the field and the route.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { ContractFindingsBadge } from './ContractFindingsBadge';
import { FindingsStore, parseFinding, withFinding, type ContractFinding } from './findings-list';

const FINDING: ContractFinding = {
  operationId: 'getUserConfig',
  kind: 'response_schema_conformance',
  side: 'server',
  message: 'status 200: /data/tenant_total must be integer',
  field: '/data/tenant_total',
  expected: 'the 200 response schema',
  route: '/manage/members',
  time: '2026-11-28T10:00:00.000Z',
  curl: "curl -i -X GET 'https://staging.example.com/api/workbench/userconfig/v2/info'",
};

const send = (store: FindingsStore, finding: ContractFinding) =>
  act(() => {
    store.add(finding);
  });

describe('the findings list', () => {
  it('keeps each violation once, newest first, and counts repeats', () => {
    let list = withFinding([], FINDING);
    list = withFinding(list, { ...FINDING, operationId: 'getUserInfo' });
    list = withFinding(list, { ...FINDING, route: '/' });
    expect(list.map((f) => [f.operationId, f.occurrences])).toEqual([
      ['getUserInfo', 1],
      ['getUserConfig', 2],
    ]);
  });

  it('keeps only what happened since the page started loading', () => {
    const store = new FindingsStore(Date.parse('2026-11-28T10:00:00.000Z'));
    store.add({ ...FINDING, time: '2026-11-28T09:59:59.000Z' });
    expect(store.snapshot()).toEqual([]);
    store.add(FINDING);
    expect(store.snapshot()).toHaveLength(1);
  });

  it('reads only what is a finding', () => {
    expect(parseFinding(JSON.stringify(FINDING))).toEqual(FINDING);
    expect(parseFinding('{"operationId":"x"}')).toBeUndefined();
    expect(parseFinding('not json')).toBeUndefined();
  });
});

describe('the contract badge', () => {
  it('counts this page’s violations and lists them with the operation, the side, the field and the route', async () => {
    const store = new FindingsStore(0);
    send(store, FINDING); // before the badge rendered: the page's first call
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ContractFindingsBadge store={store} upstream="https://staging.example.com" />
      </ConfigProvider>,
    );
    const badge = screen.getByRole('button', { name: '接口契约：本页 1 处违反' });
    send(store, FINDING);
    send(store, { ...FINDING, operationId: 'register', kind: 'request_conformance', side: 'client' });
    expect(badge).toHaveAccessibleName('接口契约：本页 2 处违反');

    await userEvent.click(badge);
    const drawer = await screen.findByRole('dialog', { name: '接口契约检查' });
    expect(within(drawer).getByText('上游：https://staging.example.com')).toBeInTheDocument();
    const items = within(drawer).getAllByTestId('contract-finding');
    expect(items).toHaveLength(2);
    const server = items.find((item) => item.textContent?.includes('getUserConfig'))!;
    expect(server).toHaveTextContent('服务端违反契约');
    expect(server).toHaveTextContent('/data/tenant_total');
    expect(server).toHaveTextContent('/manage/members');
    expect(server).toHaveTextContent('×2');
    expect(items.find((item) => item.textContent?.includes('register'))).toHaveTextContent('前端违反契约');

    await userEvent.click(within(drawer).getByRole('button', { name: '清 空' }));
    expect(badge).toHaveAccessibleName('接口契约：本页未发现违反');
  });
});
