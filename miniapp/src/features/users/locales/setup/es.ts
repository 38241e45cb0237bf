import type { ProfileSetupTranslation } from './en';

const profileSetupEs: ProfileSetupTranslation = {
  title: 'Completa tu perfil',
  body: 'Revisa los datos de tu cuenta y empieza tu primer ciclo de minado.',
  welcomeTitle: '¡Bienvenido a Ziver!',
  welcomeBody: 'Completa tu perfil para empezar a minar.',
  accountHeader: 'Tu cuenta',
  username: 'Nombre de usuario',
  email: 'Correo',
  telegram: 'Telegram',
  nextHeader: 'Próximos pasos',
  steps: {
    mine: 'Empieza tu primer ciclo de minado',
    mineHint: 'Pulsa Empezar a minar y vuelve cuando termine el ciclo para reclamar tus ZP.',
    secure: 'Protege tu cuenta',
    secureHint: 'Activa la autenticación en dos pasos en Ajustes.',
    invite: 'Invita a tus amigos',
    inviteHint: 'Comparte tu enlace de referido para ganar ZP extra.',
  },
  startMining: 'Empezar a minar',
  secureAccount: 'Proteger mi cuenta',
};

export default profileSetupEs;
