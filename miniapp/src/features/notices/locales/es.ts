import type { NoticesTranslation } from './en';

const noticesEs: NoticesTranslation = {
  title: 'Del equipo de Ziver',
  dismiss: 'Descartar',
  dismissFailed: 'No se pudo descartar el aviso. Inténtalo de nuevo.',
};

export default noticesEs;
