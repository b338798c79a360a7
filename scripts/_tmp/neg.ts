import { startMockStack } from '../mock/index';
const stack = await startMockStack({ quiet: true });
const H = { Authorization: 'Basic tok', 'X-Tenant-Id': 't-personal-1001', 'Content-Type': 'application/json' };
const call = async (m: string, p: string, body?: string, h: Record<string,string> = H) => {
  const r = await fetch(stack.url + p, { method: m, headers: h, body });
  console.log(m, p, body?.slice(0,40), '→', r.status, r.headers.get('content-type'), (await r.text()).slice(0, 160));
};
try {
await call('POST', '/api/message/v1/tenant/t-personal-1001/user/u-1001/msg/list', '{"readState":5}');
await call('POST', '/api/rbac/role/v1/', '{"name":123}');
await call('POST', '/api/rbac/role/v1/', '{"name":');
await call('POST', '/api/rbac/role/v1/', '{}');
await call('GET', '/api/rbac/role/v1/list?page_size=0');
await call('POST', '/api/workbench/feedback/v1/activity', '{"experiencer_name":"a"}');
await call('GET', '/api/rbac/role/v1/all', undefined, { Authorization: 'Bearer x', 'X-Tenant-Id': 't-personal-1001' });
await call('GET', '/api/rbac/role/v1/all', undefined, { Authorization: 'Basic', 'X-Tenant-Id': 't-personal-1001' });
await call('GET', '/api/rbac/role/v1/all', undefined, { Authorization: 'Basic abc' });
await call('GET', '/api/workbench/userconfig/v2/info', undefined, { Authorization: 'Basic abc' });
await call('PUT', '/api/rbac/power/v1/role/user', '{"user_gids":[],"role_ids":["x"]}');
} finally { await stack.stop(); }
