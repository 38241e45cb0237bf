import { useState } from 'react';
import { Button, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@ziver/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverTextOf, useServerMessage } from '@/i18n/server-message';
import { flashMessages } from '@/lib/flash-message';
import { formatDateTime } from '@/lib/format';
import { useUnlinkWallet } from '../api/unlink-wallet';
import { shortAddress } from '../utils/wallet-format';
import { NetworkBadge } from './network-badge';
import { copyText } from '@/lib/clipboard';

/** The linked wallet: its address (short, copied whole), network, contract, when it was linked, and Disconnect. */
export function LinkedWalletCard({ wallet }: { wallet: Wallet }) {
  const { t, i18n } = useTranslation();
  const render = useServerMessage();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unlink = useUnlinkWallet({
    onSuccess: (answer) => {
      setIsConfirming(false);
      flashMessages.show(render(answer));
    },
    onError: (failure) => {
      const text = serverTextOf(failure);
      setError(text ? render(text) : t('wallet.unlinkFailed'));
    },
  });

  const copy = async () => {
    const isCopied = await copyText(wallet.address);
    flashMessages.show(isCopied ? t('wallet.copied') : t('wallet.copyFailed'), isCopied ? 'success' : 'error');
  };

  return (
    <section className="zv-wallet-card" data-testid="wallet-linked" aria-labelledby="wallet-linked-title">
      <div className="zv-wallet-card__head">
        <Text weight="2" Component="h2" id="wallet-linked-title" className="zv-wallet-card__title">
          {t('wallet.linkedTitle')}
        </Text>
        <NetworkBadge network={wallet.network} />
      </div>
      <div className="zv-wallet-address">
        <span
          className="zv-wallet-address__text"
          title={wallet.address}
          data-testid="wallet-address"
          data-address={wallet.address}
        >
          {shortAddress(wallet.address)}
        </span>
        <Button size="s" mode="bezeled" onClick={() => void copy()} data-testid="wallet-copy">
          {t('wallet.copy')}
        </Button>
      </div>
      <dl className="zv-wallet-facts">
        <dt>{t('wallet.network')}</dt>
        <dd data-testid="wallet-network">{t(`wallet.networks.${wallet.network}`)}</dd>
        <dt>{t('wallet.contract')}</dt>
        <dd>{wallet.version}</dd>
        <dt>{t('wallet.linkedAt')}</dt>
        <dd data-testid="wallet-linked-at">
          <time dateTime={wallet.linkedAt}>{formatDateTime(wallet.linkedAt, i18n.language)}</time>
        </dd>
      </dl>
      <div className="zv-wallet-actions">
        <Button
          size="m"
          mode="outline"
          onClick={() => {
            setError(null);
            setIsConfirming(true);
          }}
          data-testid="wallet-disconnect"
        >
          {t('wallet.disconnect')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('wallet.disconnectTitle')}
        confirmLabel={t('wallet.disconnect')}
        cancelLabel={t('wallet.cancel')}
        isConfirming={unlink.isPending}
        error={error}
        onConfirm={() => unlink.mutate()}
        onCancel={() => setIsConfirming(false)}
        testId="wallet-disconnect-dialog"
      >
        {t('wallet.disconnectBody')}
      </ConfirmDialog>
    </section>
  );
}
