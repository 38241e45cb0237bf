import type { TasksTranslation } from './en';

const tasksDe: TasksTranslation = {
  navLabel: 'Aufgaben',
  title: 'Aufgaben',
  subtitle: 'Erledige Aufgaben, um ZP zu verdienen und deinen SEB-Score zu steigern.',
  refresh: 'Aufgaben aktualisieren',
  stats: {
    label: 'Deine Aufgabenübersicht',
    done: 'Erledigt',
    todo: 'Offen',
    zp: 'ZP',
    streak: 'Serie',
  },
  card: {
    reward: '+{{amount}} ZP',
    rewardSeb: '+{{amount}} SEB',
    completed: 'Erledigt',
    completedOn: 'Erledigt am {{date}}',
    complete: 'Abschließen',
    open: 'Link öffnen',
    joinChannel: 'Kanal beitreten',
    checkingChannel: 'Mitgliedschaft wird geprüft…',
    progress: '{{percent}}',
    progressLabel: '{{completed}} von {{total}} Bedingungen erfüllt',
    requirements: 'Bedingungen',
    external: 'Externer Link',
    states: { completed: 'Erledigt', link: 'Link-Aufgabe', in_progress: 'In Arbeit', ready: 'Bereit' },
  },
  rules: {
    met: 'Erfüllt',
    unmet: 'Noch nicht erfüllt',
    remaining: 'Noch {{amount}} nötig',
    mining_streak: { label: 'Mining-Serie', value: '{{actual}}/{{expected}} Tage' },
    referral_count: { label: 'Aktive Empfehlungen', value: '{{actual}}/{{expected}}' },
    zp_balance: { label: 'ZP-Guthaben', value: '{{actual}}/{{expected}} ZP' },
    tasks_completed: { label: 'Erledigte Aufgaben', value: '{{actual}}/{{expected}}' },
    social_capital_score: { label: 'SEB-Score', value: '{{actual}}/{{expected}} SEB' },
    mining_session_duration: { label: 'Gemint', value: '{{actual}}/{{expected}} Minuten' },
  },
  reward: {
    title: 'Aufgabe erledigt!',
    body: '{{title}}: +{{zp}} ZP, +{{seb}} SEB',
  },
  link: {
    confirmTitle: 'Diese Aufgabe öffnen?',
    confirmBody:
      '„{{title}}“ öffnet {{host}} in einem neuen Fenster. Erledige, was dort verlangt wird, und komm dann zurück, um deine Belohnung abzuholen.',
    confirmYes: 'Link öffnen',
    cancel: 'Abbrechen',
    openedTitle: 'Wir warten auf dich',
    openedBody: 'Erledige „{{title}}“ im geöffneten Fenster. Wenn du es schließt, fragen wir nach.',
    openedDone: 'Ich bin zurück',
    blockedTitle: 'Dein Browser hat das Pop-up blockiert',
    blockedBody:
      'Den Link stattdessen in diesem Tab öffnen? Wenn du zu Ziver zurückkommst, fragen wir, ob du die Aufgabe erledigt hast.',
    blockedSameTab: 'Hier öffnen',
    copyLink: 'Link kopieren',
    askTitle: 'Hast du sie erledigt?',
    askBody:
      'Hast du „{{title}}“ erledigt? Bestätige nur, wenn das wirklich stimmt: Belohnungen gibt es für erledigte Aufgaben.',
    askYes: 'Ja, erledigt',
    askNo: 'Noch nicht',
  },
  help: {
    title: 'So funktionieren Aufgaben',
    basicsTitle: 'Wie funktionieren Aufgaben?',
    basicsBody:
      'Jede Aufgabe zahlt ZP und SEB genau einmal. Regel-Aufgaben werden frei, sobald deine Werte die Bedingungen erreichen: Die Karte zeigt deinen Fortschritt, und „Abschließen“ wird bei 100 % aktiv. Link-Aufgaben bitten dich, eine Seite zu besuchen und danach zu bestätigen, dass du erledigt hast, was verlangt war.',
    rulesTitle: 'Was bedeuten die Bedingungen?',
    rules: {
      mining_streak: 'Mining-Serie: Tage in Folge, an denen du eine Mining-Belohnung abgeholt hast.',
      referral_count: 'Aktive Empfehlungen: Freunde, die über deinen Link beigetreten und noch in deiner Liste sind.',
      zp_balance: 'ZP-Guthaben: die ZP, die du gerade besitzt.',
      tasks_completed: 'Erledigte Aufgaben: wie viele Aufgaben du bisher erledigt hast.',
      social_capital_score: 'SEB-Score: dein Sozialkapital-Score, der mit deiner Mining-Serie wächst.',
      mining_session_duration: 'Gemint: die Minuten aller Mining-Zyklen, die du abgeholt hast.',
    },
    refreshTitle: 'Mein Fortschritt wirkt veraltet',
    refreshBody:
      'Nutze oben die Schaltfläche zum Aktualisieren. Beim Abschließen einer Aufgabe prüft der Server den Fortschritt immer neu.',
  },
  empty: {
    title: 'Noch keine Aufgaben',
    body: 'Neue Aufgaben erscheinen hier. Mine in der Zwischenzeit einfach weiter.',
  },
  errors: {
    load: 'Aufgaben konnten nicht geladen werden. Bitte versuche es später erneut.',
    complete: 'Aufgabe konnte nicht abgeschlossen werden.',
    copyLink: 'Link konnte nicht kopiert werden',
    openLink: 'Fehler beim Öffnen des Aufgabenlinks. Bitte versuche es erneut.',
  },
};

export default tasksDe;
