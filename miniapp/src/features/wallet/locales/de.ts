import type { WalletTranslation } from './en';

const walletDe: WalletTranslation = {
  title: 'Wallet',
  subtitle:
    'Verknüpfe eine TON-Wallet mit deinem Ziver-Konto. Die Verknüpfung beweist nur, dass die Wallet dir gehört: Es wird nichts gesendet, abgebucht oder verkauft.',
  connectTitle: 'TON-Wallet verbinden',
  connectBody:
    'Deine Wallet bittet dich, die Verbindung zu bestätigen, und signiert einen einmaligen Nachweis, dass sie dir gehört. Ziver sieht nie deine Schlüssel oder deine Wiederherstellungsphrase.',
  connect: 'Wallet verbinden',
  preparing: 'Sichere Verbindung wird vorbereitet...',
  verifying: 'Der Nachweis deiner Wallet wird geprüft...',
  pickerInEnglish: 'Die Liste der Wallets wird auf Englisch angezeigt.',
  linkedTitle: 'Verknüpfte Wallet',
  address: 'Adresse',
  copy: 'Adresse kopieren',
  copied: 'Adresse kopiert',
  copyFailed: 'Die Adresse konnte nicht kopiert werden',
  network: 'Netzwerk',
  networks: { mainnet: 'TON', testnet: 'TON-Testnet' },
  testnetBadge: 'Testnet',
  linkedAt: 'Verknüpft am',
  contract: 'Wallet-Vertrag',
  disconnect: 'Trennen',
  disconnectTitle: 'Diese Wallet trennen?',
  disconnectBody:
    'Sie ist dann nicht mehr mit deinem Ziver-Konto verknüpft. In der Wallet selbst ändert sich nichts, und du kannst sie oder eine andere jederzeit wieder verknüpfen.',
  cancel: 'Abbrechen',
  linked: 'Wallet verknüpft',
  unlinked: 'Wallet getrennt',
  linkFailed: 'Die Wallet konnte nicht verknüpft werden. Bitte versuche es erneut.',
  unlinkFailed: 'Die Wallet konnte nicht getrennt werden. Bitte versuche es erneut.',
  noProof:
    'Deine Wallet hat keinen signierten Nachweis gesendet. Bitte versuche es erneut oder nutze eine Wallet, die TON-Connect-Nachweise unterstützt.',
  connectCancelled: 'Die Verbindung wurde in der Wallet abgebrochen. Du kannst es erneut versuchen.',
  payloadFailed: 'Die Verbindung konnte nicht vorbereitet werden. Bitte versuche es erneut.',
  loadFailed: 'Deine Wallet konnte nicht geladen werden. Bitte versuche es erneut.',
  retry: 'Erneut versuchen',
  profileTitle: 'TON-Wallet',
  notLinked: 'Keine Wallet verknüpft',
  linkAction: 'Wallet verknüpfen',
  manage: 'Verwalten',
};

export default walletDe;
