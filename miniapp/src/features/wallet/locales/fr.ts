import type { WalletTranslation } from './en';

const walletFr: WalletTranslation = {
  title: 'Portefeuille',
  subtitle:
    'Associez un portefeuille TON à votre compte Ziver. L’association prouve seulement que le portefeuille est à vous : rien n’est envoyé, débité ni vendu.',
  connectTitle: 'Connecter un portefeuille TON',
  connectBody:
    'Votre portefeuille vous demande d’approuver la connexion et signe une preuve à usage unique qu’il vous appartient. Ziver ne voit jamais vos clés ni votre phrase de récupération.',
  connect: 'Connecter le portefeuille',
  preparing: 'Préparation d’une connexion sécurisée...',
  verifying: 'Vérification de la preuve envoyée par votre portefeuille...',
  pickerInEnglish: 'La liste des portefeuilles s’affiche en anglais.',
  linkedTitle: 'Portefeuille associé',
  address: 'Adresse',
  copy: 'Copier l’adresse',
  copied: 'Adresse copiée',
  copyFailed: 'Impossible de copier l’adresse',
  network: 'Réseau',
  networks: { mainnet: 'TON', testnet: 'TON testnet' },
  testnetBadge: 'Testnet',
  linkedAt: 'Associé le',
  contract: 'Contrat du portefeuille',
  disconnect: 'Déconnecter',
  disconnectTitle: 'Déconnecter ce portefeuille ?',
  disconnectBody:
    'Il ne sera plus associé à votre compte Ziver. Rien ne change dans le portefeuille lui-même, et vous pourrez l’associer à nouveau, ou en associer un autre, à tout moment.',
  cancel: 'Annuler',
  linked: 'Portefeuille associé',
  unlinked: 'Portefeuille déconnecté',
  linkFailed: 'Le portefeuille n’a pas pu être associé. Veuillez réessayer.',
  unlinkFailed: 'Le portefeuille n’a pas pu être déconnecté. Veuillez réessayer.',
  noProof:
    'Votre portefeuille n’a pas envoyé de preuve signée. Veuillez réessayer, ou utilisez un portefeuille compatible avec les preuves TON Connect.',
  connectCancelled: 'La connexion a été annulée dans le portefeuille. Vous pouvez réessayer.',
  payloadFailed: 'Impossible de préparer la connexion. Veuillez réessayer.',
  loadFailed: 'Impossible de charger votre portefeuille. Veuillez réessayer.',
  retry: 'Réessayer',
  profileTitle: 'Portefeuille TON',
  notLinked: 'Aucun portefeuille associé',
  linkAction: 'Associer un portefeuille',
  manage: 'Gérer',
};

export default walletFr;
