import type { ProfileSetupTranslation } from './en';

const profileSetupDe: ProfileSetupTranslation = {
  title: 'Vervollständige dein Profil',
  body: 'Prüfe deine Kontodaten und starte dann deinen ersten Mining-Zyklus.',
  welcomeTitle: 'Willkommen bei Ziver!',
  welcomeBody: 'Vervollständige dein Profil, um mit dem Mining zu beginnen.',
  accountHeader: 'Dein Konto',
  username: 'Benutzername',
  email: 'E-Mail',
  telegram: 'Telegram',
  nextHeader: 'Nächste Schritte',
  steps: {
    mine: 'Starte deinen ersten Mining-Zyklus',
    mineHint: 'Tippe auf Mining starten und komm am Ende des Zyklus zurück, um deine ZP abzuholen.',
    secure: 'Sichere dein Konto',
    secureHint: 'Aktiviere die Zwei-Faktor-Authentifizierung in den Einstellungen.',
    invite: 'Lade Freunde ein',
    inviteHint: 'Teile deinen Empfehlungslink und verdiene Bonus-ZP.',
  },
  startMining: 'Mining starten',
  secureAccount: 'Konto absichern',
};

export default profileSetupDe;
