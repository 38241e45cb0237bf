import type { IdentityTranslation } from './en';

const identityZh: IdentityTranslation = {
  or: '或',
  signingIn: '正在登录...',
  welcomeBack: '欢迎回来，{{username}}！',
  twoFactor: {
    title: '两步验证',
    subtitle: '请输入身份验证器应用中的 6 位验证码。',
    backupSubtitle: '请输入一个备用码。每个备用码只能使用一次。',
    codeLabel: '验证码',
    backupLabel: '备用码',
    verify: '验证',
    useBackupCode: '改用备用码',
    useAuthenticator: '改用身份验证器验证码',
    backToLogin: '返回登录',
  },
  google: {
    initFailedWithReason: 'Google 登录失败：{{reason}}',
    signingIn: '正在使用 Google 登录...',
    retry: '重试',
  },
  telegram: {
    signingIn: '正在使用 Telegram 登录...',
    failedTitle: 'Telegram 登录未成功',
    reopenHint: '请关闭应用，然后从 Telegram 重新打开以获取新的登录信息。',
    reload: '重试',
  },
  support: {
    writeTo: '需要帮助？请发邮件至',
    operator: '需要帮助？请联系本应用的运营方。',
  },
  suspended: {
    title: '账户已被暂停',
    body: '您的账户已被暂停，因此您已被退出登录。账户恢复后即可重新登录。',
  },
  referral: {
    checking: '正在检查邀请码 {{code}}...',
    invalid: '邀请码无效',
    checkFailed: '检查邀请码时出错',
    validTitle: '邀请人：{{username}}',
    validBody: '邀请码 {{code}}：注册即可获得 {{bonus}} ZP。',
  },
};

export default identityZh;
