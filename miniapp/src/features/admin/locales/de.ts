import type { AdminTranslation } from './en';

const adminDe: AdminTranslation = {
  title: 'Admin-Konsole',
  back: 'Zurück',
  notAllowed: 'Diese Seite ist nur für Administratoren.',
  tabs: { feedback: 'Feedback', audit: 'Audit-Protokoll' },
  filters: { type: 'Typ', priority: 'Priorität', status: 'Status', any: 'Alle' },
  inbox: {
    empty: 'Kein Feedback passt zu diesen Filtern.',
    loadFailed: 'Das Feedback konnte nicht geladen werden. Bitte versuche es erneut.',
    from: 'Von {{username}} · {{date}}',
    attachment: 'Bild {{index}} von „{{title}}“',
    statusLabel: 'Status',
    replyLabel: 'Antwort an den Nutzer',
    replyPlaceholder: 'Der Nutzer sieht sie in seinem Feedback-Verlauf',
    save: 'Speichern',
    saved: 'Gespeichert',
    rewardTitle: 'Belohnung',
    zpLabel: 'ZP',
    sebLabel: 'SEB',
    reward: 'Belohnung senden',
    rewarded: 'Belohnt: {{amounts}}',
    rewardHint: 'Eine Belohnung wird pro Feedback nur einmal als Buchung gezahlt.',
    failed: 'Das hat nicht geklappt: {{message}}',
  },
  audit: {
    empty: 'Noch keine Admin-Aktionen.',
    loadFailed: 'Das Audit-Protokoll konnte nicht geladen werden. Bitte versuche es erneut.',
    by: 'Von {{username}} · {{date}}',
    before: 'Vorher',
    after: 'Nachher',
    newer: 'Neuere',
    older: 'Ältere',
    page: 'Seite {{page}} von {{pages}}',
    actions: { 'feedback.update': 'Feedback-Status geändert', 'feedback.reward': 'Feedback belohnt' },
  },
};

export default adminDe;
