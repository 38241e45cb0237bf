import type { ProfileTranslation } from './en';

const profileFr: ProfileTranslation = {
  title: 'Profil',
  menuLabel: 'Profil',
  back: 'Retour',
  memberSince: 'Membre depuis le {{date}}',
  tabs: {
    label: 'Sections du profil',
    overview: 'Aperçu',
    details: 'Détails du profil',
    social: 'Comptes sociaux',
  },
  actions: { edit: 'Modifier le profil', save: 'Enregistrer', cancel: 'Annuler' },
  overview: {
    header: 'Aperçu',
    username: "Nom d'utilisateur",
    memberSince: 'Membre depuis',
    zp: 'Solde ZP',
    seb: 'Score SEB',
    tier: 'Niveau',
    tierProgressLabel: 'Progression vers le niveau SEB suivant',
    tierNext: '{{percent}} vers {{next}}',
    tierTop: 'Niveau maximum atteint',
    streak: 'Série quotidienne',
    referralCode: 'Code de parrainage',
  },
  details: {
    header: 'Détails du profil',
    bio: 'Bio',
    bioPlaceholder: 'Parlez un peu de vous',
    bioEmpty: 'Pas encore de bio.',
    counter: '{{count}}/500',
  },
  social: {
    header: 'Comptes sociaux',
    telegram: "Nom d'utilisateur Telegram",
    twitter: "Nom d'utilisateur Twitter",
    linkedin: 'URL du profil LinkedIn',
    notConnected: 'Non connecté',
    viewLinkedin: 'Voir le profil LinkedIn',
    editPrompt: 'Cliquez sur Modifier le profil pour mettre à jour vos comptes sociaux.',
    useDetected: 'Utiliser celui détecté',
    detectedHint: 'Telegram indique que vous êtes @{{username}}.',
    detectedBadge: 'Détecté automatiquement depuis Telegram',
    telegramPlaceholder: 'votre_nom',
    twitterPlaceholder: 'votre_nom',
    linkedinPlaceholder: 'https://www.linkedin.com/in/vous',
  },
  avatar: {
    change: 'Changer la photo',
    upload: 'Envoyer',
    cancel: 'Annuler',
    uploading: 'Envoi... {{percent}}',
  },
};

export default profileFr;
