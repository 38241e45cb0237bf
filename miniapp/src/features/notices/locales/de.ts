import type { NoticesTranslation } from './en';

const noticesDe: NoticesTranslation = {
  title: 'Vom Ziver-Team',
  dismiss: 'Ausblenden',
  dismissFailed: 'Der Hinweis konnte nicht ausgeblendet werden. Bitte versuche es erneut.',
};

export default noticesDe;
