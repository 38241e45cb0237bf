import identityFr from '@/features/auth/locales/fr';
import profileSetupFr from '@/features/profile-setup/locales/fr';
import profileFr from '@/features/profile/locales/fr';
import settingsFr from '@/features/settings/locales/fr';
import historyFr from '@/features/history/locales/fr';
import lockdownFr from '@/features/lockdown/locales/fr';
import noticesFr from '@/features/notices/locales/fr';
import tasksFr from '@/features/tasks/locales/fr';
import referralsFr from '@/features/referrals/locales/fr';
import feedbackFr from '@/features/feedback/locales/fr';
import legalFr from '@/features/legal/locales/fr';
import walletFr from '@/features/wallet/locales/fr';
import type { FeaturesTranslation } from './en';

/** French for the pages but the mining screen (see ./fr-start), as ./en-features is for English. */
const frFeatures: FeaturesTranslation = {
  messages: {
    invalidTokenReceived: 'Jeton reçu non valide',
    tokenValidationFailed: 'La validation du jeton a échoué',
    noGoogleToken: 'Aucun jeton reçu de Google OAuth',
    invalidTokenFormat: 'Format de jeton non valide',
    passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
    passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
    usernameTooShort: "Le nom d'utilisateur doit contenir au moins 3 caractères",
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    enterConnectionCode: 'Veuillez saisir le code de connexion',
    avatarTooLarge: 'Le fichier doit faire moins de 1 Mo',
    avatarNotImage: 'Veuillez choisir un fichier image',
    feedbackTitleRequired: 'Veuillez saisir un titre pour votre avis',
    feedbackDetailsRequired: 'Veuillez donner des détails sur votre avis',
    emailMustDiffer: "Le nouvel e-mail doit être différent de l'actuel",
    passwordComplexity:
      'Le mot de passe doit contenir une majuscule, une minuscule, un chiffre et un caractère spécial',
    invalidTwoFactorCode: 'Veuillez saisir un code valide à 6 chiffres',
    backupCodeRequired: 'Veuillez saisir un code de secours',
    unsafeText: 'Le texte ne doit pas contenir de caractères de contrôle ni d’Unicode invalide',
    invalidRegistrationData: "Données d'inscription non valides.",
    userExists: "Un utilisateur existe déjà avec cet e-mail ou ce nom d'utilisateur.",
    serverError: 'Erreur du serveur. Veuillez réessayer plus tard.',
    registrationFailed: "L'inscription a échoué. Veuillez réessayer.",
    loginFailedDefault: 'Échec de la connexion. Vérifiez vos identifiants.',
    loginFailed: 'Échec de la connexion.',
    googleAuthFailed: "L'authentification Google a échoué. Veuillez réessayer.",
    googleCancelled: "L'authentification Google a été annulée ou a échoué.",
    googleInitFailed: "Impossible d'initialiser la connexion Google",
    twoFactorFailed: "L'authentification à deux facteurs a échoué. Veuillez réessayer.",
    failedToClaim: 'Impossible de réclamer la récompense',
    failedMiningStatus: "Impossible d'obtenir l'état du minage",
    failedStartMining: 'Impossible de démarrer le minage',
    failedMiningConfig: "Impossible d'obtenir la configuration du minage",
    failedUpdateSettings: 'Impossible de mettre à jour les paramètres',
    claimError: 'Une erreur est survenue lors de la réclamation',
    failedFetchSettings: 'Impossible de charger les paramètres',
    genericError: 'Une erreur est survenue',
    copiedToClipboard: 'Copié dans le presse-papiers !',
  },
  auth: {
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    login: {
      title: 'Bon retour',
      subtitle: 'Connectez-vous pour continuer à miner des ZP.',
      invalidCredentials: 'E-mail, nom d’utilisateur ou mot de passe incorrect',
      emailLabel: "E-mail ou nom d'utilisateur",
      emailPlaceholder: 'vous@exemple.com',
      passwordLabel: 'Mot de passe',
      passwordPlaceholder: 'Votre mot de passe',
      submit: 'Se connecter',
      noAccount: "Vous n'avez pas de compte ?",
      registerLink: 'Créez-en un',
      sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
    },
    register: {
      title: 'Créez votre compte',
      subtitle: "Rejoignez Ziver et commencez à miner des ZP dès aujourd'hui.",
      usernameLabel: "Nom d'utilisateur",
      usernamePlaceholder: "Votre nom d'utilisateur",
      emailLabel: 'E-mail',
      emailPlaceholder: 'vous@exemple.com',
      passwordLabel: 'Mot de passe',
      passwordPlaceholder: 'Au moins 6 caractères',
      confirmPasswordLabel: 'Confirmez le mot de passe',
      confirmPasswordPlaceholder: 'Répétez votre mot de passe',
      submit: 'Créer un compte',
      haveAccount: 'Vous avez déjà un compte ?',
      loginLink: 'Connectez-vous',
      referralCode: 'Code de parrainage : {{code}}',
    },
  },
  landing: {
    heroBadge: 'Web3 conforme à la charia',
    heroTitle: 'Gagnez, grandissez et connectez-vous de façon halal',
    heroSubtitle:
      'Ziver est une plateforme sociale Web3 conforme à la charia pour les créateurs, les passionnés et tous ceux qui recherchent une crypto halal.',
    getEarlyAccess: "Obtenir l'accès anticipé",
    signIn: 'Se connecter',
    whatIsTitle: "Qu'est-ce que Ziver ?",
    whatIsBody:
      'Une plateforme sociale où votre temps et votre communauté comptent. Minez des ZP à chaque cycle, développez votre score de capital social (SEB), accomplissez des tâches et invitez vos amis : sans intérêt, sans jeu de hasard ni spéculation.',
    problemsTitle: 'Les problèmes que Ziver résout',
    problems: {
      interest: {
        title: 'Des intérêts partout',
        body: 'La plupart des façons de gagner avec la crypto reposent sur l’intérêt (riba) ou le prêt, ce que beaucoup ne peuvent accepter.',
      },
      gambling: {
        title: 'Des jeux d’argent déguisés',
        body: 'Les airdrops et les jeux crypto tournent souvent au jeu d’argent et à la spéculation.',
      },
      value: {
        title: 'Votre temps, leur profit',
        body: 'Les réseaux sociaux grandissent grâce à votre temps et à votre réseau, mais partagent rarement la valeur avec vous.',
      },
    },
    benefitsTitle: 'Pourquoi Ziver',
    benefits: {
      mining: {
        title: 'Minez toutes les quelques heures',
        body: "Lancez un cycle d'un geste et réclamez vos ZP à la fin.",
      },
      social: {
        title: 'Développez votre capital social',
        body: 'Votre score SEB augmente avec votre série et débloque des niveaux supérieurs.',
      },
      halal: {
        title: 'Conçu pour être halal',
        body: 'Ni riba ni jeu : les récompenses viennent de la participation, pas de la spéculation.',
      },
    },
    faqTitle: 'Questions fréquentes',
    faq: {
      q1: "Qu'est-ce que le ZP ?",
      a1: 'Les ZP sont les points Ziver. Vous les gagnez en minant, en accomplissant des tâches et en invitant des amis.',
      q2: 'Ziver est-il conforme à la charia ?',
      a2: "Ziver est conçu selon des principes halal : pas d'intérêt, pas de jeu de hasard et pas de trading spéculatif.",
      q3: 'Comment fonctionne le minage ?',
      a3: 'Appuyez sur Commencer à miner, attendez la fin du cycle puis réclamez votre récompense. Réclamer chaque jour allonge votre série.',
      q4: 'Est-ce payant ?',
      a4: "Non. L'inscription et le minage sont gratuits, sur le web comme dans Telegram.",
    },
    footerDisclaimer:
      'ZP et SEB sont des points internes sans valeur monétaire. Rien sur ce site ne constitue un conseil financier ou religieux.',
    footerRights: '© {{year}} Ziver',
  },
  comingSoon: {
    title: 'Bientôt disponible',
    launch: 'Lancement au 4e trimestre 2025',
    description: '{{feature}} arrive bientôt. Nous le construisons avec soin et le lancerons au 4e trimestre 2025.',
    adminBypass: 'Accès administrateur',
    adminBypassHint: 'Afficher la fonctionnalité dans son état actuel (ADMIN et TESTER uniquement).',
    previewEmpty: "Rien à prévisualiser pour l'instant : aucun contenu n'a encore été créé pour cette fonctionnalité.",
    features: { marketplace: 'Marché', wallet: 'Portefeuille' },
  },
  lockdown: lockdownFr,
  notices: noticesFr,
  history: historyFr,
  identity: identityFr,
  settings: settingsFr,
  profileSetup: profileSetupFr,
  profile: profileFr,
  tasks: tasksFr,
  referrals: referralsFr,
  feedback: feedbackFr,
  legal: legalFr,
  wallet: walletFr,
};

export default frFeatures;
