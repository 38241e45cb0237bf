import type { NoticesTranslation } from './en';

const noticesZh: NoticesTranslation = {
  title: '来自 Ziver 团队',
  dismiss: '关闭',
  dismissFailed: '无法关闭该通知，请重试。',
};

export default noticesZh;
