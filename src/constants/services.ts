/**
 * The three services, one OpenAPI document each (openapi/<name>.yaml), each served under
 * /api/<name>. The app's transport, the scripts (scripts/lib/openapi.ts) and the tests
 * all take the list from here.
 */
export const SERVICES = ['workbench', 'message', 'rbac'] as const;
export type ServiceName = (typeof SERVICES)[number];
