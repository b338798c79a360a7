/** Every call of SPEC §7 is an operation of the contracts, with an operationId and tags. */
import { describe, expect, it } from 'vitest';
import type { ServiceName } from '@zhique/workbench-contracts';
import { loadDoc, operations, resolveRef } from './load';

const SPEC_CALLS: [service: ServiceName, method: string, path: string][] = [
  ['workbench', 'GET', '/application/member/v1/tenant/list'],
  ['workbench', 'POST', '/tenant/v1/'],
  ['workbench', 'GET', '/userconfig/v2/info'],
  ['workbench', 'POST', '/userconfig/v2/lastlogin/tenant'],
  ['workbench', 'POST', '/userconfig/v2/skip/guidepage'],
  ['workbench', 'GET', '/tenant/v1/detail'],
  ['workbench', 'PUT', '/tenant/v1/'],
  ['workbench', 'DELETE', '/tenant/v2/del'],
  ['workbench', 'PUT', '/tenant/v1/bind/owner/user'],
  ['workbench', 'POST', '/member/v1/invite/user/'],
  ['workbench', 'GET', '/member/v1/invite/user/link'],
  ['workbench', 'POST', '/member/v1/invite/user/invite'],
  ['workbench', 'POST', '/power/v1/recovery/{id}'],
  ['workbench', 'PUT', '/tenant/v2/member/role/{id}'],
  ['workbench', 'POST', '/tenant/v1/upgrade'],
  ['workbench', 'POST', '/feedback/v1/question'],
  ['workbench', 'POST', '/feedback/v1/activity'],
  ['workbench', 'POST', '/feedback/v1/list'],
  ['workbench', 'GET', '/feedback/v1/activity/{id}'],
  ['workbench', 'GET', '/feedback/v1/question/{id}'],
  ['workbench', 'POST', '/oauth/v2/token'],
  ['workbench', 'GET', '/user/v1/login/detail'],
  ['workbench', 'PUT', '/user/v1/login/'],
  ['workbench', 'GET', '/user/v1/login/auth/detail'],
  ['workbench', 'PUT', '/user/v1/login/auth/'],
  ['workbench', 'POST', '/user/v1/change/password'],
  ['workbench', 'POST', '/user/v1/send/sms/code'],
  ['workbench', 'POST', '/user/v1/reset/password/mobile'],
  ['workbench', 'POST', '/user/v2/reset/password/mobile'],
  ['workbench', 'POST', '/user/v1/change/mobile'],
  ['workbench', 'DELETE', '/user/v1/del'],
  ['workbench', 'POST', '/sys/v1/upload'],
  ['workbench', 'PUT', '/provider/v1/user/bind'],
  ['workbench', 'PUT', '/provider/v1/user/unbind/{id}'],
  // Designed where the spec shows no path: the menu-and-permission call and invite-link creation.
  ['workbench', 'GET', '/menu/v1/login/user/menus'],
  ['workbench', 'POST', '/member/v1/invite/link'],
  ['message', 'POST', '/v1/tenant/{tid}/user/{uid}/msg/list'],
  ['message', 'PUT', '/v1/msg/{id}/read'],
  ['message', 'PUT', '/v1/msg/all/read'],
  ['rbac', 'GET', '/power/v1/login/user/powers'],
  ['rbac', 'GET', '/role/v1/list'],
  ['rbac', 'GET', '/role/v1/all'],
  ['rbac', 'POST', '/role/v1/'],
  ['rbac', 'PUT', '/role/v1/'],
  ['rbac', 'DELETE', '/role/v1/del/{id}'],
  ['rbac', 'GET', '/application/tenant/v1/tenants/list'],
  ['rbac', 'GET', '/power/v1/role/all'],
  ['rbac', 'PUT', '/power/v1/'],
  ['rbac', 'PUT', '/power/v1/role/user'],
  ['rbac', 'GET', '/power/v1/roles/list'],
  ['rbac', 'DELETE', '/power/v1/user/roles'],
];

describe('SPEC §7 calls', () => {
  const ops = operations();
  it.each(SPEC_CALLS)('%s %s %s is in the contract', (service, method, path) => {
    const op = ops.find((o) => o.service === service && o.method === method && o.path === path);
    expect(op, `${service} ${method} ${path}`).toBeDefined();
    expect(op!.op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(op!.op.tags?.length).toBeGreaterThan(0);
    expect(op!.op.responses?.['200']).toBeDefined();
  });

  it('operationIds are unique across the three services', () => {
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the envelope documents code 0, 1008 and the session-expiry codes of SPEC §8', () => {
    const envelope = loadDoc('shared.yaml').components.schemas.Envelope;
    expect(envelope.required).toEqual(expect.arrayContaining(['code', 'msg']));
    for (const code of ['0', '1008', '-2', '-401', '-403', '-406', '-407']) {
      expect(envelope.description).toContain(code);
    }
  });

  it('array query parameters are comma-separated (style form, explode false), as the transport sends them', () => {
    for (const { op, service } of ops) {
      for (const raw of op.parameters ?? []) {
        const param = typeof raw.$ref === 'string' ? resolveRef(raw.$ref, `${service}.yaml`).node : raw;
        const schema =
          typeof param.schema?.$ref === 'string'
            ? resolveRef(param.schema.$ref, `${service}.yaml`).node
            : param.schema;
        if (param.in === 'query' && schema?.type === 'array') {
          expect(param.explode, `${op.operationId} ${param.name}`).toBe(false);
        }
      }
    }
  });

  it('every secured operation declares the basic token; tenant-scoped ones the tenant header', () => {
    for (const { op, path, service } of ops) {
      // Public by design: the sign-in exchange, and the key set sub-apps' back ends verify tokens with.
      if (path === '/oauth/v2/token' || op.operationId === 'getSubAppJwks') {
        expect(op.security).toEqual([]);
        continue;
      }
      const schemes = (op.security ?? loadDoc(`${service}.yaml`).security ?? []).flatMap(
        (s: Record<string, unknown>) => Object.keys(s),
      );
      expect(schemes, `${op.operationId}`).toContain('basicAuth');
    }
  });
});
