import type { MiningTranslation } from './en';

const miningFr: MiningTranslation = {
  title: 'Minage',
  zpBalance: 'Solde ZP',
  sebScore: 'Score SEB',
  streak: 'Série',
  streakUnit_one: 'jour',
  streakUnit_other: 'jours',
  tiers: { BEGINNER: 'Débutant', ADVANCED: 'Avancé', ELITE: 'Élite', SUPREME: 'Suprême' },
  localTime: 'Heure locale',
  phase: { ready: 'Prêt à miner', in_progress: 'Minage en cours', claimable: 'Récompense prête !' },
  timeLeft: 'restant',
  start: 'Commencer à miner',
  mining: 'Minage...',
  claim: 'Réclamer la récompense',
  cycleInfo: 'Chaque cycle dure {{duration}} et rapporte {{reward}} ZP.',
  progressLabel: 'Progression du minage',
  rewardTitle: 'Récompense réclamée !',
  rewardZp: '+{{amount}} ZP',
  rewardSeb: '+{{amount}} SEB',
  rewardStreak_one: 'Série : {{count}} jour',
  rewardStreak_other: 'Série : {{count}} jours',
  tierNext: '{{percent}} vers {{next}}',
  tierTop: 'Niveau maximal atteint',
  tierProgressLabel: 'Progression vers le niveau SEB suivant',
  fullscreen: {
    enter: 'Plein écran',
    exit: 'Quitter le plein écran',
    failed: 'Telegram n’a pas pu passer en plein écran ici.',
  },
  homeScreen: {
    title: 'Ziver à portée de doigt',
    text: 'Vous minez depuis {{count}} jours d’affilée. Ajouter Ziver à votre écran d’accueil ?',
    add: 'Ajouter à l’écran d’accueil',
    later: 'Plus tard',
  },
  recent: {
    title: 'Activité récente',
    viewAll: 'Tout voir',
    empty: 'Aucune activité pour le moment. Commencez à miner pour gagner votre première récompense.',
    error: 'Impossible de récupérer les transactions récentes : {{status}}',
    networkStatus: 'erreur réseau',
  },
};

export default miningFr;
