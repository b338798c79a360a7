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
