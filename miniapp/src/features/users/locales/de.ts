import type { ProfileTranslation } from './en';

const profileDe: ProfileTranslation = {
  title: 'Profil',
  menuLabel: 'Profil',
  back: 'Zurück',
  memberSince: 'Mitglied seit {{date}}',
  tabs: {
    label: 'Profilbereiche',
    overview: 'Übersicht',
    details: 'Profildetails',
    social: 'Soziale Konten',
  },
  actions: { edit: 'Profil bearbeiten', save: 'Speichern', cancel: 'Abbrechen' },
  overview: {
    header: 'Übersicht',
    username: 'Benutzername',
    memberSince: 'Mitglied seit',
    zp: 'ZP-Guthaben',
    seb: 'SEB-Punktzahl',
    tier: 'Stufe',
    tierProgressLabel: 'Fortschritt zur nächsten SEB-Stufe',
    tierNext: '{{percent}} bis {{next}}',
    tierTop: 'Höchste Stufe erreicht',
    streak: 'Tägliche Serie',
    referralCode: 'Empfehlungscode',
  },
  details: {
    header: 'Profildetails',
    bio: 'Bio',
    bioPlaceholder: 'Erzähl anderen etwas über dich',
    bioEmpty: 'Noch keine Bio.',
    counter: '{{count}}/500',
  },
  social: {
    header: 'Soziale Konten',
    telegram: 'Telegram-Benutzername',
    twitter: 'Twitter-Benutzername',
    linkedin: 'LinkedIn-Profil-URL',
    notConnected: 'Nicht verbunden',
    viewLinkedin: 'LinkedIn-Profil ansehen',
    editPrompt: 'Klicke auf Profil bearbeiten, um deine sozialen Konten zu aktualisieren.',
    useDetected: 'Erkannten verwenden',
    detectedHint: 'Laut Telegram bist du @{{username}}.',
    detectedBadge: 'Automatisch von Telegram erkannt',
    telegramPlaceholder: 'dein_name',
    twitterPlaceholder: 'dein_name',
    linkedinPlaceholder: 'https://www.linkedin.com/in/du',
  },
  avatar: {
    change: 'Foto ändern',
    upload: 'Hochladen',
    cancel: 'Abbrechen',
    uploading: 'Wird hochgeladen... {{percent}}',
  },
};

export default profileDe;
