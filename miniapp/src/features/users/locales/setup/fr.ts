import type { ProfileSetupTranslation } from './en';

const profileSetupFr: ProfileSetupTranslation = {
  title: 'Complétez votre profil',
  body: 'Vérifiez les informations de votre compte, puis lancez votre premier cycle de minage.',
  welcomeTitle: 'Bienvenue sur Ziver !',
  welcomeBody: 'Complétez votre profil pour commencer à miner.',
  accountHeader: 'Votre compte',
  username: 'Nom d’utilisateur',
  email: 'E-mail',
  telegram: 'Telegram',
  nextHeader: 'Prochaines étapes',
  steps: {
    mine: 'Lancez votre premier cycle de minage',
    mineHint: 'Touchez Commencer à miner, puis revenez à la fin du cycle pour récupérer vos ZP.',
    secure: 'Sécurisez votre compte',
    secureHint: 'Activez l’authentification à deux facteurs dans les paramètres.',
    invite: 'Invitez vos amis',
    inviteHint: 'Partagez votre lien de parrainage pour gagner des ZP en bonus.',
  },
  startMining: 'Commencer à miner',
  secureAccount: 'Sécuriser mon compte',
};

export default profileSetupFr;
