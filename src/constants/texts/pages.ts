/** Pages of the shell's own: 404, not available, preview, sign-in callback, dodder. */
export const PAGE_TEXT = {
  backHome: '返回首页',
  notFound: { title: '页面不存在', hint: '抱歉，您访问的页面不存在或您没有权限访问。' },
  notAvailable: {
    title: '暂不可用',
    named: (name?: string) => `${name ?? '该页面'}暂不可用`,
    hint: '当前版本的工作台还不支持这个页面，请联系管理员。',
  },
  preview: { title: '预览', empty: '没有可预览的内容' },
  dodder: '此页面用于集成调试，暂无内容。',
  signIn: {
    title: '登录',
    working: '正在登录…',
    badState: '登录请求已失效',
    badStateHint: '登录回调与本次登录请求不匹配，为了您的账号安全，请重新登录。',
    failed: '登录失败',
    failedHint: '暂时无法完成登录，请稍后重试。',
    again: '重新登录',
  },
} as const;
