import type { LockdownTranslation } from './en';

const lockdownFr: LockdownTranslation = {
  title: 'En maintenance',
  body: 'Ziver reçoit quelques améliorations. Votre solde et votre progression sont en sécurité.',
  estimate: 'Durée estimée : 30-60 minutes',
  contactSupport: 'Contacter le support',
  contactOperator: "Contactez l'opérateur de cette application pour obtenir de l'aide.",
  copyEmail: "Copier l'e-mail du support",
  tryAgain: 'Réessayer',
  backSoon: 'Nous vous ramènerons automatiquement dès que nous aurons terminé.',
  stillDown: 'Toujours en maintenance. Réessayez dans quelques minutes.',
  copyFailed: 'Copie impossible. Notre e-mail est {{email}}',
  banner: {
    signUpClosed:
      'Les inscriptions rouvriront à la fin de la maintenance. Les administrateurs peuvent toujours se connecter.',
    adminTitle: 'Le verrouillage est activé',
    adminBody:
      'Tout le monde sauf les administrateurs voit la page de maintenance : ni inscriptions, ni minage, ni récompenses.',
    adminLink: 'Interrupteur de verrouillage',
  },
};

export default lockdownFr;
