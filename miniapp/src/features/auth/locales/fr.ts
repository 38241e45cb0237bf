import type { IdentityTranslation } from './en';

const identityFr: IdentityTranslation = {
  or: 'ou',
  signingIn: 'Connexion en cours...',
  welcomeBack: 'Bon retour, {{username}} !',
  twoFactor: {
    title: 'Authentification à deux facteurs',
    subtitle: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
    backupSubtitle: 'Saisissez l’un de vos codes de secours. Chaque code ne sert qu’une fois.',
    codeLabel: 'Code de vérification',
    backupLabel: 'Code de secours',
    verify: 'Vérifier',
    useBackupCode: 'Utiliser un code de secours',
    useAuthenticator: 'Utiliser un code de l’application',
    backToLogin: 'Retour à la connexion',
  },
  google: {
    initFailedWithReason: 'Échec de la connexion Google : {{reason}}',
    signingIn: 'Connexion avec Google...',
    retry: 'Réessayer',
  },
  telegram: {
    signingIn: 'Connexion avec Telegram...',
    failedTitle: 'La connexion Telegram a échoué',
    reopenHint: 'Fermez l’application et rouvrez-la depuis Telegram pour obtenir une nouvelle connexion.',
    reload: 'Réessayer',
  },
  support: {
    writeTo: 'Besoin d’aide ? Écrivez à',
    operator: 'Besoin d’aide ? Contactez l’opérateur de cette application.',
  },
  suspended: {
    title: 'Compte suspendu',
    body: 'Votre compte a été suspendu, vous avez donc été déconnecté. La connexion sera de nouveau possible après sa réactivation.',
  },
  referral: {
    checking: 'Vérification du code de parrainage {{code}}...',
    invalid: 'Code de parrainage invalide',
    checkFailed: 'Erreur lors de la vérification du code de parrainage',
    validTitle: 'Invité par {{username}}',
    validBody: 'Code {{code}} : vous recevez {{bonus}} ZP à l’inscription.',
  },
};

export default identityFr;
