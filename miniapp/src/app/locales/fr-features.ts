import identityFr from '@/features/auth/locales/fr';
import profileSetupFr from '@/features/users/locales/setup/fr';
import profileFr from '@/features/users/locales/fr';
import settingsFr from '@/features/settings/locales/fr';
import historyFr from '@/features/transactions/locales/fr';
import lockdownFr from '@/features/system/locales/fr';
import noticesFr from '@/features/notices/locales/fr';
import tasksFr from '@/features/tasks/locales/fr';
import referralsFr from '@/features/referrals/locales/fr';
import feedbackFr from '@/features/feedback/locales/fr';
import legalFr from '@/features/legal/locales/fr';
import walletFr from '@/features/wallet/locales/fr';
import type { FeaturesTranslation } from './en';

/** French for the pages but the mining screen (see ./fr-start), as ./en-features is for English. */
const frFeatures: FeaturesTranslation = {
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
      forgotLink: 'Mot de passe oublié ?',
    },
    forgot: {
      title: 'Réinitialisez votre mot de passe',
      subtitle:
        "Saisissez l'adresse de votre compte : nous lui enverrons un lien pour choisir un nouveau mot de passe.",
      emailLabel: 'E-mail',
      submit: 'Envoyer le lien',
      sentTitle: 'Consultez vos e-mails',
      backToLogin: 'Retour à la connexion',
      telegramHint: 'Connecté à Telegram ? Envoyez /reset au bot pour recevoir le lien dans votre conversation.',
      telegramOpen: 'Ouvrir @{{bot}}',
    },
    reset: {
      title: 'Choisissez un nouveau mot de passe',
      subtitle: 'Choisissez un nouveau mot de passe. Tous les appareils connectés à votre compte seront déconnectés.',
      codeLabel: "Code d'authentification ou de secours",
      submit: 'Enregistrer le mot de passe',
      doneTitle: 'Mot de passe modifié',
      requestNew: 'Demander un nouveau lien',
      missingToken: 'Cette page a besoin du lien reçu par e-mail. Demandez-en un nouveau.',
    },
    verify: {
      title: 'Vérifiez votre e-mail',
      checking: 'Vérification de votre lien…',
      doneTitle: 'E-mail vérifié',
      openAccount: 'Ouvrir les paramètres du compte',
      signIn: 'Se connecter',
      failedTitle: 'Échec de la vérification',
      resendHint: 'Vous pouvez envoyer un nouveau lien depuis Paramètres → Compte.',
      missingToken: 'Cette page a besoin du lien de votre e-mail de vérification.',
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
    launchSoon: 'Bientôt disponible',
    descriptionNeutral: '{{feature}} arrive bientôt. Nous le construisons avec soin.',
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
