import type { ProfileTranslation } from './en';

const profileZh: ProfileTranslation = {
  title: '个人资料',
  menuLabel: '个人资料',
  back: '返回',
  memberSince: '加入于 {{date}}',
  tabs: {
    label: '个人资料分区',
    overview: '概览',
    details: '资料详情',
    social: '社交账号',
  },
  actions: { edit: '编辑资料', save: '保存', cancel: '取消' },
  overview: {
    header: '概览',
    username: '用户名',
    memberSince: '加入时间',
    zp: 'ZP 余额',
    seb: 'SEB 分数',
    tier: '等级',
    tierProgressLabel: '距下一 SEB 等级的进度',
    tierNext: '距 {{next}} 已完成 {{percent}}',
    tierTop: '已达到最高等级',
    streak: '每日连续',
    referralCode: '推荐码',
  },
  details: {
    header: '资料详情',
    bio: '简介',
    bioPlaceholder: '向大家介绍一下自己',
    bioEmpty: '还没有简介。',
    counter: '{{count}}/500',
  },
  social: {
    header: '社交账号',
    telegram: 'Telegram 用户名',
    twitter: 'Twitter 用户名',
    linkedin: 'LinkedIn 个人主页链接',
    notConnected: '未连接',
    viewLinkedin: '查看 LinkedIn 主页',
    editPrompt: '点击“编辑资料”以更新你的社交账号。',
    useDetected: '使用检测到的',
    detectedHint: 'Telegram 显示你是 @{{username}}。',
    detectedBadge: '已从 Telegram 自动检测',
    telegramPlaceholder: 'your_username',
    twitterPlaceholder: 'your_handle',
    linkedinPlaceholder: 'https://www.linkedin.com/in/you',
  },
  avatar: {
    change: '更换头像',
    upload: '上传',
    cancel: '取消',
    uploading: '正在上传... {{percent}}',
  },
};

export default profileZh;
