import type { NoticesTranslation } from './en';

const noticesFr: NoticesTranslation = {
  title: 'De la part de l’équipe Ziver',
  dismiss: 'Masquer',
  dismissFailed: 'Impossible de masquer l’avis. Veuillez réessayer.',
};

export default noticesFr;
