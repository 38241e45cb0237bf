import type { AdminTranslation } from './en';

const adminFr: AdminTranslation = {
  title: "Console d'administration",
  back: 'Retour',
  notAllowed: 'Cette page est réservée aux administrateurs.',
  tabs: { feedback: 'Avis', audit: "Journal d'audit" },
  filters: { type: 'Type', priority: 'Priorité', status: 'Statut', any: 'Tous' },
  inbox: {
    empty: 'Aucun avis ne correspond à ces filtres.',
    loadFailed: 'Impossible de charger les avis. Veuillez réessayer.',
    from: 'De {{username}} · {{date}}',
    attachment: 'Image {{index}} de « {{title}} »',
    statusLabel: 'Statut',
    replyLabel: "Réponse à l'utilisateur",
    replyPlaceholder: "L'utilisateur la verra dans l'historique de ses avis",
    save: 'Enregistrer',
    saved: 'Enregistré',
    rewardTitle: 'Récompense',
    zpLabel: 'ZP',
    sebLabel: 'SEB',
    reward: 'Envoyer la récompense',
    rewarded: 'Récompensé : {{amounts}}',
    rewardHint: 'Une récompense est versée une seule fois par avis, sous forme d’écriture au registre.',
    failed: 'Cela n’a pas fonctionné : {{message}}',
  },
  audit: {
    empty: "Aucune action d'administration pour l'instant.",
    loadFailed: "Impossible de charger le journal d'audit. Veuillez réessayer.",
    by: 'Par {{username}} · {{date}}',
    before: 'Avant',
    after: 'Après',
    newer: 'Plus récentes',
    older: 'Plus anciennes',
    page: 'Page {{page}} sur {{pages}}',
    actions: { 'feedback.update': "Statut de l'avis modifié", 'feedback.reward': 'Avis récompensé' },
  },
};

export default adminFr;
