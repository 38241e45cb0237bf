/** Texts of /wallet and the wallet line of the profile (English, the source). */
const walletEn = {
  title: 'Wallet',
  subtitle:
    'Link a TON wallet to your Ziver account. Linking only proves the wallet is yours: nothing is sent, charged or sold.',
  connectTitle: 'Connect a TON wallet',
  connectBody:
    'Your wallet asks you to approve the connection and signs a one-time proof that it is yours. Ziver never sees your keys or recovery phrase.',
  connect: 'Connect wallet',
  preparing: 'Preparing a secure connection...',
  verifying: 'Checking the proof from your wallet...',
  pickerInEnglish: 'The list of wallets is shown in English.',
  linkedTitle: 'Linked wallet',
  address: 'Address',
  copy: 'Copy address',
  copied: 'Address copied',
  copyFailed: 'Could not copy the address',
  network: 'Network',
  networks: { mainnet: 'TON', testnet: 'TON testnet' },
  testnetBadge: 'Testnet',
  linkedAt: 'Linked on',
  contract: 'Wallet contract',
  disconnect: 'Disconnect',
  disconnectTitle: 'Disconnect this wallet?',
  disconnectBody:
    'It will no longer be linked to your Ziver account. Nothing changes in the wallet itself, and you can link it or another one again at any time.',
  cancel: 'Cancel',
  linked: 'Wallet linked',
  unlinked: 'Wallet disconnected',
  linkFailed: 'The wallet could not be linked. Please try again.',
  unlinkFailed: 'The wallet could not be disconnected. Please try again.',
  noProof:
    'Your wallet did not send a signed proof. Please try again, or use a wallet that supports TON Connect proofs.',
  connectCancelled: 'The connection was cancelled in the wallet. You can try again.',
  payloadFailed: 'Could not prepare the connection. Please try again.',
  loadFailed: 'Could not load your wallet. Please try again.',
  retry: 'Try again',
  profileTitle: 'TON wallet',
  notLinked: 'No wallet linked',
  linkAction: 'Link a wallet',
  manage: 'Manage',
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type WalletTranslation = DeepString<typeof walletEn>;

export default walletEn;
