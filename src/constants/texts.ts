/** Texts shown to users. The spec's own strings are quoted exactly (SPEC §2, §5, §8, §9). */
export const TEXT = {
  sessionExpired: '登录状态已失效,请重新登录!',
  genericError: 'Error',
  networkError: '网络连接失败，请检查网络后重试',
  timeoutError: '请求超时，请稍后重试',
  badResponse: '服务器返回的数据无法识别',
  logoutConfirm: '确认退出？',
  copySuccess: '复制成功',
  copyUnsupported: '该浏览器不支持自动复制',
  avatarChanged: '头像更改成功！',
  feedbackSent: '反馈成功！',
  permanent: '永久',
  remainingDays: (n: number) => `剩余${n}天`,
  tabs: { manual: '织雀手册', product: '产品管理', engine: '制造引擎' },
} as const;

/** Validation messages of SPEC §5, exactly. */
export const RULE_TEXT = {
  activityNameRequired: '请输入体验官姓名',
  questionNameRequired: '请输入反馈人姓名',
  nameTooLong: '长度不能超过30个字符',
  emailRequired: '请输入邮箱',
  emailInvalid: '请输入正确的邮箱！',
  emailTooLong: '长度不能超过100个字符',
  choose: '请选择',
  thoughtRequired: '请输入您的想法',
  textTooLong: '长度不能超过2000个字符',
  descriptionRequired: '请描述您所遇到的问题',
  imageType: '不支持此格式文件上传!',
  imageSize: '上传图片大小不能超过 100KB!',
  imageCount: (limit: number, selected: number, total: number) =>
    `当前限制选择 ${limit} 个文件，本次选择了 ${selected} 个文件，共选择了 ${total} 个文件`,
  mobileInvalid: '请输入正确的手机号码！',
  avatarTooLarge: '上传头像图片大小不能超过 5MB!',
  avatarLarge: '上传图片大小不能超过 2MB!',
} as const;
