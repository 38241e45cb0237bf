import { Button, Caption, Spinner, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';

export type ConnectPhase = 'preparing' | 'ready' | 'verifying' | 'payloadFailed';

/**
 * The Connect wallet card. Also shown, preparing, while TON Connect's chunk loads (./connect-wallet
 * drives it), which keeps telegram-ui out of that chunk.
 */
export function ConnectWalletView({
  phase,
  failure = null,
  onConnect,
  onRetry,
}: {
  phase: ConnectPhase;
  /** Why the last attempt failed, already translated. */
  failure?: string | null;
  onConnect?: () => void;
  onRetry?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const isBusy = phase === 'preparing' || phase === 'verifying';
  return (
    <section
      className="zv-wallet-card"
      data-testid="wallet-connect"
      data-phase={phase}
      aria-labelledby="wallet-connect-title"
    >
      <Text weight="2" Component="h2" id="wallet-connect-title" className="zv-wallet-card__title">
        {t('wallet.connectTitle')}
      </Text>
      <Caption level="1" className="zv-muted">
        {t('wallet.connectBody')}
      </Caption>
      {failure && (
        <Notice tone="error" testId="wallet-error">
          {failure}
        </Notice>
      )}
      {phase === 'payloadFailed' ? (
        <Notice
          tone="error"
          testId="wallet-payload-error"
          action={
            <Button size="s" mode="bezeled" onClick={onRetry}>
              {t('wallet.retry')}
            </Button>
          }
        >
          {t('wallet.payloadFailed')}
        </Notice>
      ) : (
        <div className="zv-wallet-actions">
          <Button
            size="l"
            stretched
            loading={isBusy}
            disabled={isBusy || !onConnect}
            onClick={onConnect}
            data-testid="wallet-connect-button"
          >
            {t('wallet.connect')}
          </Button>
        </div>
      )}
      {isBusy && (
        <div className="zv-wallet-status" role="status">
          <Spinner size="s" />
          <Caption level="1" className="zv-muted">
            {phase === 'preparing' ? t('wallet.preparing') : t('wallet.verifying')}
          </Caption>
        </div>
      )}
      {i18n.language !== 'en' && (
        <Caption level="2" className="zv-muted">
          {t('wallet.pickerInEnglish')}
        </Caption>
      )}
    </section>
  );
}
