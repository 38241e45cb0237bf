import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useWalletStatus } from '../api/get-wallet-status';
import { shortAddress } from '../utils/wallet-format';
import { NetworkBadge } from './network-badge';
import '../wallet.css';

/**
 * The profile's wallet line: the linked wallet's address and link date, or a way to link one.
 * Nothing where wallets are off (or while the answer is still out: the rest of the page is not held up).
 */
export function WalletSummary() {
  const { t, i18n } = useTranslation();
  const status = useWalletStatus();
  const [, navigate] = useLocation();
  if (!status.data?.enabled) return null;
  const { wallet } = status.data;
  return (
    <Section header={t('wallet.profileTitle')} className="zv-section" data-testid="profile-wallet">
      {wallet ? (
        <Cell
          multiline
          subhead={t('wallet.linkedTitle')}
          description={`${t('wallet.linkedAt')} ${formatDate(wallet.linkedAt, i18n.language) ?? ''}`}
          after={<NetworkBadge network={wallet.network} />}
        >
          <span className="zv-wallet-address__text" title={wallet.address} data-testid="profile-wallet-address">
            {shortAddress(wallet.address)}
          </span>
        </Cell>
      ) : (
        <Cell
          after={
            <Button size="s" mode="bezeled" onClick={() => navigate(paths.wallet)} data-testid="profile-wallet-link">
              {t('wallet.linkAction')}
            </Button>
          }
        >
          {t('wallet.notLinked')}
        </Cell>
      )}
    </Section>
  );
}
