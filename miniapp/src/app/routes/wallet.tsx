import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { ComingSoonPage } from '@/features/coming-soon/components/coming-soon-page';
import { useWalletStatus } from '@/features/wallet/api/get-wallet-status';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';

/** /wallet: TON wallet linking where this server has it on, else the spec's "coming soon" placeholder. */
export default function WalletRoute() {
  const { t } = useTranslation();
  const status = useWalletStatus();
  if (status.isPending) return <InlineLoader />;
  if (status.isError)
    return (
      <Page testId="wallet-page">
        <Notice
          tone="error"
          testId="wallet-load-error"
          action={
            <Button size="s" mode="bezeled" onClick={() => void status.refetch()}>
              {t('wallet.retry')}
            </Button>
          }
        >
          {t('wallet.loadFailed')}
        </Notice>
      </Page>
    );
  if (!status.data.enabled) return <ComingSoonPage feature="wallet" />;
  return <WalletScreen status={status.data} />;
}
