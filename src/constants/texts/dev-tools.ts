/**
 * Texts of the development tools (src/dev-tools): shown only in development builds, never in
 * production. Imported from this file directly, not through the texts index.
 */
export const CONTRACT_FINDINGS_TEXT = {
  badgeTitle: (count: number) => (count ? `接口契约：本页 ${count} 处违反` : '接口契约：本页未发现违反'),
  drawerTitle: '接口契约检查',
  upstream: '上游',
  empty: '本页的请求、应答和推送消息都符合契约。',
  side: { server: '服务端违反契约', client: '前端违反契约' },
  route: '页面',
  field: '字段',
  expected: '契约要求',
  reproduce: '复现命令',
  time: '时间',
  clear: '清空',
} as const;
