import type { IdentityTranslation } from './en';

const identityDe: IdentityTranslation = {
  or: 'oder',
  signingIn: 'Anmeldung läuft...',
  welcomeBack: 'Willkommen zurück, {{username}}!',
  twoFactor: {
    title: 'Zwei-Faktor-Authentifizierung',
    subtitle: 'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    backupSubtitle: 'Gib einen deiner Backup-Codes ein. Jeder Code funktioniert einmal.',
    codeLabel: 'Bestätigungscode',
    backupLabel: 'Backup-Code',
    verify: 'Bestätigen',
    useBackupCode: 'Stattdessen einen Backup-Code verwenden',
    useAuthenticator: 'Stattdessen einen App-Code verwenden',
    backToLogin: 'Zurück zur Anmeldung',
  },
  google: {
    initFailedWithReason: 'Google-Anmeldung fehlgeschlagen: {{reason}}',
    signingIn: 'Anmeldung mit Google...',
    retry: 'Erneut versuchen',
  },
  telegram: {
    signingIn: 'Anmeldung mit Telegram...',
    failedTitle: 'Die Telegram-Anmeldung hat nicht funktioniert',
    reopenHint: 'Schließe die App und öffne sie erneut aus Telegram, um eine neue Anmeldung zu erhalten.',
    reload: 'Erneut versuchen',
  },
  support: {
    writeTo: 'Brauchst du Hilfe? Schreib an',
    operator: 'Brauchst du Hilfe? Wende dich an den Betreiber dieser App.',
  },
  suspended: {
    title: 'Konto gesperrt',
    body: 'Dein Konto wurde gesperrt, deshalb wurdest du abgemeldet. Die Anmeldung ist wieder möglich, sobald es reaktiviert wurde.',
  },
  referral: {
    checking: 'Empfehlungscode {{code}} wird geprüft...',
    invalid: 'Ungültiger Empfehlungscode',
    checkFailed: 'Fehler beim Prüfen des Empfehlungscodes',
    validTitle: 'Eingeladen von {{username}}',
    validBody: 'Code {{code}}: Du erhältst {{bonus}} ZP bei der Anmeldung.',
  },
};

export default identityDe;
