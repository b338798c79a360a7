/**
 * The workbench's contracts, what any runtime may import: the three services, one OpenAPI
 * document each (openapi/<name>.yaml), each served under /api/<name>. Reading the documents
 * (Node only) is `@zhique/workbench-contracts/reader`.
 */
export const SERVICES = ['workbench', 'message', 'rbac'] as const;
export type ServiceName = (typeof SERVICES)[number];
