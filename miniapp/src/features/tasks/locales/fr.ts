import type { TasksTranslation } from './en';

const tasksFr: TasksTranslation = {
  navLabel: 'Tâches',
  title: 'Tâches',
  subtitle: 'Accomplissez des tâches pour gagner des ZP et augmenter votre score SEB.',
  refresh: 'Actualiser les tâches',
  stats: {
    label: 'Résumé de vos tâches',
    done: 'Faites',
    todo: 'À faire',
    zp: 'ZP',
    streak: 'Série',
  },
  card: {
    reward: '+{{amount}} ZP',
    rewardSeb: '+{{amount}} SEB',
    completed: 'Terminée',
    completedOn: 'Terminée le {{date}}',
    complete: 'Terminer',
    open: 'Ouvrir le lien',
    joinChannel: 'Rejoindre la chaîne',
    checkingChannel: 'Vérification de votre abonnement…',
    progress: '{{percent}}',
    progressLabel: '{{completed}} condition(s) remplie(s) sur {{total}}',
    requirements: 'Conditions',
    external: 'Lien externe',
    states: { completed: 'Terminée', link: 'Tâche lien', in_progress: 'En cours', ready: 'Prête' },
  },
  rules: {
    met: 'Remplie',
    unmet: 'Pas encore remplie',
    remaining: 'Encore {{amount}}',
    mining_streak: { label: 'Série de minage', value: '{{actual}}/{{expected}} jours' },
    referral_count: { label: 'Filleuls actifs', value: '{{actual}}/{{expected}}' },
    zp_balance: { label: 'Solde ZP', value: '{{actual}}/{{expected}} ZP' },
    tasks_completed: { label: 'Tâches terminées', value: '{{actual}}/{{expected}}' },
    social_capital_score: { label: 'Score SEB', value: '{{actual}}/{{expected}} SEB' },
    mining_session_duration: { label: 'Temps miné', value: '{{actual}}/{{expected}} minutes' },
  },
  reward: {
    title: 'Tâche terminée !',
    body: '{{title}} : +{{zp}} ZP, +{{seb}} SEB',
  },
  link: {
    confirmTitle: 'Ouvrir cette tâche ?',
    confirmBody:
      '« {{title}} » ouvre {{host}} dans une nouvelle fenêtre. Faites ce qui est demandé, puis revenez ici pour réclamer votre récompense.',
    confirmYes: 'Ouvrir le lien',
    cancel: 'Annuler',
    openedTitle: 'En attente de votre retour',
    openedBody: 'Terminez « {{title}} » dans la fenêtre ouverte. Nous vous poserons la question à sa fermeture.',
    openedDone: 'Je suis de retour',
    blockedTitle: 'Votre navigateur a bloqué la fenêtre',
    blockedBody:
      'Ouvrir le lien dans cet onglet ? À votre retour sur Ziver, nous vous demanderons si vous avez terminé la tâche.',
    blockedSameTab: 'Ouvrir ici',
    copyLink: 'Copier le lien',
    askTitle: "L'avez-vous terminée ?",
    askBody:
      'Avez-vous terminé « {{title}} » ? Ne confirmez que si c’est vraiment le cas : les récompenses sont réservées aux tâches terminées.',
    askYes: 'Oui, je l’ai terminée',
    askNo: 'Pas encore',
  },
  help: {
    title: 'Fonctionnement des tâches',
    basicsTitle: 'Comment fonctionnent les tâches ?',
    basicsBody:
      'Chaque tâche rapporte des ZP et des SEB une seule fois. Les tâches à conditions se débloquent quand vos statistiques les atteignent : la carte montre votre progression et Terminer s’active à 100 %. Les tâches lien vous demandent de visiter une page, puis de confirmer que vous avez fait ce qui était demandé.',
    rulesTitle: 'Que signifient les conditions ?',
    rules: {
      mining_streak: 'Série de minage : jours consécutifs où vous avez réclamé une récompense de minage.',
      referral_count: 'Filleuls actifs : amis inscrits avec votre lien et toujours dans votre liste.',
      zp_balance: 'Solde ZP : les ZP que vous détenez actuellement.',
      tasks_completed: 'Tâches terminées : le nombre de tâches que vous avez terminées jusqu’ici.',
      social_capital_score: 'Score SEB : votre score de capital social, qui augmente avec votre série de minage.',
      mining_session_duration: 'Temps miné : le total des minutes des cycles de minage que vous avez réclamés.',
    },
    refreshTitle: 'Ma progression semble obsolète',
    refreshBody:
      'Utilisez le bouton d’actualisation en haut. La progression est revérifiée sur le serveur à chaque tâche terminée.',
  },
  empty: {
    title: 'Aucune tâche pour le moment',
    body: 'Les nouvelles tâches apparaîtront ici. En attendant, continuez à miner.',
  },
  errors: {
    load: 'Impossible de charger les tâches. Veuillez réessayer plus tard.',
    complete: 'Impossible de terminer la tâche.',
    copyLink: 'Impossible de copier le lien',
    openLink: 'Erreur à l’ouverture du lien de la tâche. Veuillez réessayer.',
  },
};

export default tasksFr;
