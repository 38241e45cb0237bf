import { useTranslation } from 'react-i18next';
import type { TonNetwork } from '@ziver/shared';

/** "Testnet" beside a testnet address; mainnet, the normal case, needs no badge. */
export function NetworkBadge({ network }: { network: TonNetwork }) {
  const { t } = useTranslation();
  if (network !== 'testnet') return null;
  return (
    <span className="zv-wallet-badge zv-wallet-badge--testnet" data-testid="wallet-testnet">
      {t('wallet.testnetBadge')}
    </span>
  );
}
