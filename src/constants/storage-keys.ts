/** The locally stored items (SPEC §3) and their keys in localStorage: read and written by src/session/storage.ts only (and by index.html's boot script, vite-plugins/boot-frame). */
export const STORAGE_KEYS = {
  token: 'workbench.token',
  tenantId: 'workbench.tenantId',
  info: 'workbench.info',
  config: 'workbench.config',
  inviteUrl: 'workbench.inviteUrl',
  tipBarClosed: 'workbench.tipBarClosed',
  applicationInfo: 'workbench.applicationInfo',
  bootFrame: 'workbench.bootFrame',
} as const;
