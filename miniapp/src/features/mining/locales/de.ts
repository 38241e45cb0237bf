import type { MiningTranslation } from './en';

const miningDe: MiningTranslation = {
  title: 'Mining',
  zpBalance: 'ZP-Guthaben',
  sebScore: 'SEB-Punktzahl',
  streak: 'Serie',
  streakUnit_one: 'Tag',
  streakUnit_other: 'Tage',
  tiers: { BEGINNER: 'Einsteiger', ADVANCED: 'Fortgeschritten', ELITE: 'Elite', SUPREME: 'Supreme' },
  localTime: 'Ortszeit',
  phase: { ready: 'Bereit zum Minen', in_progress: 'Mining läuft', claimable: 'Belohnung bereit!' },
  timeLeft: 'übrig',
  start: 'Mining starten',
  mining: 'Mining läuft...',
  claim: 'Belohnung abholen',
  cycleInfo: 'Jeder Zyklus dauert {{duration}} und bringt {{reward}} ZP.',
  progressLabel: 'Mining-Fortschritt',
  rewardTitle: 'Belohnung abgeholt!',
  rewardZp: '+{{amount}} ZP',
  rewardSeb: '+{{amount}} SEB',
  rewardStreak_one: 'Serie: {{count}} Tag',
  rewardStreak_other: 'Serie: {{count}} Tage',
  tierNext: '{{percent}} bis {{next}}',
  tierTop: 'Höchste Stufe erreicht',
  tierProgressLabel: 'Fortschritt zur nächsten SEB-Stufe',
  fullscreen: {
    enter: 'Vollbild',
    exit: 'Vollbild verlassen',
    failed: 'Telegram konnte hier nicht in den Vollbildmodus wechseln.',
  },
  homeScreen: {
    title: 'Ziver mit einem Tipp öffnen',
    text: 'Du hast {{count}} Tage in Folge gemint. Ziver zum Startbildschirm hinzufügen?',
    add: 'Zum Startbildschirm',
    later: 'Nicht jetzt',
  },
  recent: {
    title: 'Letzte Aktivität',
    viewAll: 'Alle anzeigen',
    empty: 'Noch keine Aktivität. Starte das Mining, um deine erste Belohnung zu verdienen.',
    error: 'Letzte Transaktionen konnten nicht geladen werden: {{status}}',
    networkStatus: 'Netzwerkfehler',
  },
};

export default miningDe;
