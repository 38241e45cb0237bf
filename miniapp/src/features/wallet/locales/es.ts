import type { WalletTranslation } from './en';

const walletEs: WalletTranslation = {
  title: 'Billetera',
  subtitle:
    'Vincula una billetera TON a tu cuenta de Ziver. Vincularla solo demuestra que la billetera es tuya: no se envía, cobra ni vende nada.',
  connectTitle: 'Conectar una billetera TON',
  connectBody:
    'Tu billetera te pide aprobar la conexión y firma una prueba de un solo uso de que es tuya. Ziver nunca ve tus claves ni tu frase de recuperación.',
  connect: 'Conectar billetera',
  preparing: 'Preparando una conexión segura...',
  verifying: 'Comprobando la prueba de tu billetera...',
  pickerInEnglish: 'La lista de billeteras se muestra en inglés.',
  linkedTitle: 'Billetera vinculada',
  address: 'Dirección',
  copy: 'Copiar dirección',
  copied: 'Dirección copiada',
  copyFailed: 'No se pudo copiar la dirección',
  network: 'Red',
  networks: { mainnet: 'TON', testnet: 'TON testnet' },
  testnetBadge: 'Testnet',
  linkedAt: 'Vinculada el',
  contract: 'Contrato de la billetera',
  disconnect: 'Desconectar',
  disconnectTitle: '¿Desconectar esta billetera?',
  disconnectBody:
    'Dejará de estar vinculada a tu cuenta de Ziver. Nada cambia en la billetera, y puedes volver a vincularla, u otra, cuando quieras.',
  cancel: 'Cancelar',
  linked: 'Billetera vinculada',
  unlinked: 'Billetera desconectada',
  linkFailed: 'No se pudo vincular la billetera. Inténtalo de nuevo.',
  unlinkFailed: 'No se pudo desconectar la billetera. Inténtalo de nuevo.',
  noProof:
    'Tu billetera no envió una prueba firmada. Inténtalo de nuevo o usa una billetera compatible con las pruebas de TON Connect.',
  connectCancelled: 'La conexión se canceló en la billetera. Puedes intentarlo de nuevo.',
  payloadFailed: 'No se pudo preparar la conexión. Inténtalo de nuevo.',
  loadFailed: 'No se pudo cargar tu billetera. Inténtalo de nuevo.',
  retry: 'Reintentar',
  profileTitle: 'Billetera TON',
  notLinked: 'Ninguna billetera vinculada',
  linkAction: 'Vincular una billetera',
  manage: 'Gestionar',
};

export default walletEs;
