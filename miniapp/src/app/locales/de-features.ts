import identityDe from '@/features/auth/locales/de';
import profileSetupDe from '@/features/users/locales/setup/de';
import profileDe from '@/features/users/locales/de';
import settingsDe from '@/features/settings/locales/de';
import historyDe from '@/features/transactions/locales/de';
import lockdownDe from '@/features/system/locales/de';
import noticesDe from '@/features/notices/locales/de';
import tasksDe from '@/features/tasks/locales/de';
import referralsDe from '@/features/referrals/locales/de';
import feedbackDe from '@/features/feedback/locales/de';
import legalDe from '@/features/legal/locales/de';
import walletDe from '@/features/wallet/locales/de';
import type { FeaturesTranslation } from './en';

/** German for the pages but the mining screen (see ./de-start), as ./en-features is for English. */
const deFeatures: FeaturesTranslation = {
  auth: {
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    login: {
      title: 'Willkommen zurück',
      subtitle: 'Melde dich an, um weiter ZP zu minen.',
      invalidCredentials: 'E-Mail, Benutzername oder Passwort ist falsch',
      emailLabel: 'E-Mail oder Benutzername',
      emailPlaceholder: 'du@beispiel.de',
      passwordLabel: 'Passwort',
      passwordPlaceholder: 'Dein Passwort',
      submit: 'Anmelden',
      noAccount: 'Noch kein Konto?',
      registerLink: 'Jetzt erstellen',
      sessionExpired: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
      forgotLink: 'Passwort vergessen?',
    },
    forgot: {
      title: 'Passwort zurücksetzen',
      subtitle: 'Gib die E-Mail deines Kontos ein. Wir senden ihr einen Link, mit dem du ein neues Passwort festlegst.',
      emailLabel: 'E-Mail',
      submit: 'Link senden',
      sentTitle: 'Sieh in dein Postfach',
      backToLogin: 'Zurück zur Anmeldung',
      telegramHint: 'Mit Telegram verbunden? Sende /reset an den Bot, um den Link in deinem Chat zu bekommen.',
      telegramOpen: '@{{bot}} öffnen',
    },
    reset: {
      title: 'Neues Passwort festlegen',
      subtitle: 'Wähle ein neues Passwort. Alle Geräte, die bei deinem Konto angemeldet sind, werden abgemeldet.',
      codeLabel: 'Authenticator- oder Backup-Code',
      submit: 'Neues Passwort speichern',
      doneTitle: 'Passwort geändert',
      requestNew: 'Neuen Link anfordern',
      missingToken: 'Diese Seite braucht den Link aus deiner E-Mail. Fordere einen neuen an.',
    },
    verify: {
      title: 'E-Mail bestätigen',
      checking: 'Dein Link wird geprüft…',
      doneTitle: 'E-Mail bestätigt',
      openAccount: 'Kontoeinstellungen öffnen',
      signIn: 'Anmelden',
      failedTitle: 'Bestätigung fehlgeschlagen',
      resendHint: 'Einen neuen Link kannst du unter Einstellungen → Konto senden.',
      missingToken: 'Diese Seite braucht den Link aus deiner Bestätigungs-E-Mail.',
    },
    register: {
      title: 'Erstelle dein Konto',
      subtitle: 'Tritt Ziver bei und mine noch heute ZP.',
      usernameLabel: 'Benutzername',
      usernamePlaceholder: 'Dein Benutzername',
      emailLabel: 'E-Mail',
      emailPlaceholder: 'du@beispiel.de',
      passwordLabel: 'Passwort',
      passwordPlaceholder: 'Mindestens 6 Zeichen',
      confirmPasswordLabel: 'Passwort bestätigen',
      confirmPasswordPlaceholder: 'Passwort wiederholen',
      submit: 'Konto erstellen',
      haveAccount: 'Du hast schon ein Konto?',
      loginLink: 'Anmelden',
      referralCode: 'Empfehlungscode: {{code}}',
    },
  },
  landing: {
    heroBadge: 'Scharia-konformes Web3',
    heroTitle: 'Verdiene, wachse und vernetze dich auf halal Weise',
    heroSubtitle:
      'Ziver ist eine Scharia-konforme Web3-Social-Plattform für Creator, Enthusiasten und alle, die halal Krypto suchen.',
    getEarlyAccess: 'Frühzugang sichern',
    signIn: 'Anmelden',
    whatIsTitle: 'Was ist Ziver?',
    whatIsBody:
      'Eine soziale Plattform, auf der deine Zeit und deine Community zählen. Mine ZP in jedem Zyklus, steigere deinen Sozialkapital-Score (SEB), erledige Aufgaben und lade Freunde ein: ohne Zinsen, Glücksspiel oder Spekulation.',
    problemsTitle: 'Die Probleme, die Ziver löst',
    problems: {
      interest: {
        title: 'Überall Zinsen',
        body: 'Die meisten Wege, mit Krypto zu verdienen, beruhen auf Zinsen (Riba) oder Krediten, die viele nicht akzeptieren können.',
      },
      gambling: {
        title: 'Verstecktes Glücksspiel',
        body: 'Airdrops und Krypto-Spiele werden oft zu Glücksspiel und Spekulation.',
      },
      value: {
        title: 'Deine Zeit, ihr Gewinn',
        body: 'Soziale Plattformen wachsen mit deiner Zeit und deinem Netzwerk, teilen den Wert aber selten mit dir.',
      },
    },
    benefitsTitle: 'Warum Ziver',
    benefits: {
      mining: {
        title: 'Alle paar Stunden minen',
        body: 'Starte einen Zyklus mit einem Tippen und hole deine ZP ab, wenn er endet.',
      },
      social: {
        title: 'Steigere dein Sozialkapital',
        body: 'Dein SEB-Score wächst mit deiner Serie und schaltet höhere Stufen frei.',
      },
      halal: {
        title: 'Halal by Design',
        body: 'Kein Riba, kein Glücksspiel: Belohnungen entstehen durch Teilnahme, nicht durch Spekulation.',
      },
    },
    faqTitle: 'Häufige Fragen',
    faq: {
      q1: 'Was ist ZP?',
      a1: 'ZP sind Ziver-Punkte. Du verdienst sie durch Mining, erledigte Aufgaben und eingeladene Freunde.',
      q2: 'Ist Ziver Scharia-konform?',
      a2: 'Ziver folgt halal Prinzipien: keine Zinsen, kein Glücksspiel und kein spekulativer Handel.',
      q3: 'Wie funktioniert Mining?',
      a3: 'Tippe auf Mining starten, warte bis der Zyklus endet, und hole dann deine Belohnung ab. Tägliches Abholen verlängert deine Serie.',
      q4: 'Kostet es etwas?',
      a4: 'Nein. Beitreten und Minen sind kostenlos, im Web und in Telegram.',
    },
    footerDisclaimer:
      'ZP und SEB sind App-Punkte ohne Geldwert. Nichts auf dieser Seite ist eine Finanz- oder Religionsberatung.',
    footerRights: '© {{year}} Ziver',
  },
  comingSoon: {
    title: 'Demnächst verfügbar',
    launch: 'Start im 4. Quartal 2025',
    description: '{{feature}} ist unterwegs. Wir bauen es mit Sorgfalt und starten im 4. Quartal 2025.',
    launchSoon: 'Demnächst verfügbar',
    descriptionNeutral: '{{feature}} ist unterwegs. Wir bauen es mit Sorgfalt.',
    adminBypass: 'Admin-Zugang',
    adminBypassHint: 'Die Funktion im aktuellen Stand anzeigen (nur ADMIN und TESTER).',
    previewEmpty: 'Noch nichts zu sehen: Für diese Funktion wurden bisher keine Inhalte gebaut.',
    features: { marketplace: 'Marktplatz', wallet: 'Wallet' },
  },
  lockdown: lockdownDe,
  notices: noticesDe,
  history: historyDe,
  identity: identityDe,
  settings: settingsDe,
  profileSetup: profileSetupDe,
  profile: profileDe,
  tasks: tasksDe,
  referrals: referralsDe,
  feedback: feedbackDe,
  legal: legalDe,
  wallet: walletDe,
};

export default deFeatures;
