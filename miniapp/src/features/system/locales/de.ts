import type { LockdownTranslation } from './en';

const lockdownDe: LockdownTranslation = {
  title: 'Wartungsarbeiten',
  body: 'Ziver bekommt gerade ein paar Verbesserungen. Dein Guthaben und dein Fortschritt sind sicher.',
  estimate: 'Geschätzte Dauer: 30-60 Minuten',
  contactSupport: 'Support kontaktieren',
  contactOperator: 'Wende dich für Hilfe an den Betreiber dieser App.',
  copyEmail: 'Support-E-Mail kopieren',
  tryAgain: 'Erneut versuchen',
  backSoon: 'Sobald wir fertig sind, bringen wir dich automatisch zurück.',
  stillDown: 'Die Wartung läuft noch. Bitte versuche es in ein paar Minuten erneut.',
  copyFailed: 'Kopieren fehlgeschlagen. Unsere E-Mail lautet {{email}}',
  banner: {
    signUpClosed:
      'Die Registrierung öffnet wieder, wenn die Wartung vorbei ist. Administratoren können sich weiterhin anmelden.',
    adminTitle: 'Die Sperre ist aktiv',
    adminBody:
      'Alle außer Administratoren sehen die Wartungsseite: keine Registrierungen, kein Mining, keine Belohnungen.',
    adminLink: 'Sperre verwalten',
  },
};

export default lockdownDe;
