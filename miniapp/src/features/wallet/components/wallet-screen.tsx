import { lazy, Suspense } from 'react';
import { Caption, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { WalletStatusResponse } from '@ziver/shared';
import { Page } from '@/components/page';
import { useTheme } from '@/lib/theme/theme-provider';
import { ConnectWalletView } from './connect-wallet-view';
import { LinkedWalletCard } from './linked-wallet-card';
import '../wallet.css';

// TON Connect UI is large: it loads only when there is a wallet to connect.
const ConnectWallet = lazy(() => import('./connect-wallet'));

/** /wallet where wallets are on: the linked wallet, or Connect wallet through TON Connect. */
export function WalletScreen({ status }: { status: WalletStatusResponse }) {
  const { t } = useTranslation();
  const { appearance } = useTheme();
  return (
    <Page testId="wallet-page" className="zv-wallet-page">
      <div className="zv-page__heading">
        <Title level="2" weight="1" Component="h1">
          {t('wallet.title')}
        </Title>
        <Caption level="1" className="zv-muted">
          {t('wallet.subtitle')}
        </Caption>
      </div>
      {status.wallet ? (
        <LinkedWalletCard wallet={status.wallet} />
      ) : (
        status.manifestUrl && (
          <Suspense fallback={<ConnectWalletView phase="preparing" />}>
            <ConnectWallet manifestUrl={status.manifestUrl} returnUrl={status.returnUrl} appearance={appearance}>
              {(state) => <ConnectWalletView {...state} />}
            </ConnectWallet>
          </Suspense>
        )
      )}
    </Page>
  );
}
