import { serverTextOf } from '@/i18n/server-message';
import { useState, type FormEvent } from 'react';
import { Button, Caption, Input, Spinner, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { TELEGRAM_CODE_TTL_MINUTES } from '@ziver/shared/core';
import { flashMessages } from '@/lib/flash-message';
import { useSession } from '@/lib/session';
import { useDisconnectTelegram } from '../api/disconnect-telegram';
import { useTelegramConnection } from '../api/get-telegram-connection';
import { useVerifyTelegramConnection } from '../api/verify-telegram-connection';
import { useReferralBot } from '../hooks/use-referral-bot';
import { useTranslateReferralMessage } from '../hooks/use-translate-referral-message';
import { connectionCodeProblem, normaliseConnectionCode } from '../utils/connection-code';
import { connectionStateOf } from '../utils/connection-state';
import { openTelegramLink } from '@/lib/telegram-links';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ReferralIcon } from './referral-icons';
import { specText, useServerText } from '@/i18n/server-text';

/**
 * Telegram connect card (docs/spec.md §4): not connected (enter the 6-digit code the bot's /connect
 * gives), connected (@username, disconnect with a confirmation), or unavailable when this
 * server cannot link Telegram.
 */
export function TelegramConnectCard() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const translateReferralMessage = useTranslateReferralMessage();
  const session = useSession();
  const query = useTelegramConnection();
  const bot = useReferralBot();
  const state = connectionStateOf(query, Boolean(session?.user.telegram_id));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [isConfirmingDisconnect, setIsConfirmingDisconnect] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);

  const verify = useVerifyTelegramConnection({
    onSuccess: (result) => {
      setCode('');
      flashMessages.show(result.message ? translateReferralMessage(result) : t('referrals.telegram.verified'));
    },
    onError: (error) => {
      const message = serverTextOf(error);
      setCodeError(message ? translateReferralMessage(message) : t('referrals.errors.verify'));
    },
  });
  const disconnect = useDisconnectTelegram({
    onSuccess: (result) => {
      setIsConfirmingDisconnect(false);
      flashMessages.show(result.message ? translateReferralMessage(result) : t('referrals.telegram.disconnected'));
    },
    onError: (error) => {
      const message = serverTextOf(error);
      setDisconnectError(message ? translateReferralMessage(message) : t('referrals.errors.disconnect'));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = connectionCodeProblem(code);
    if (problem) {
      setCodeError(
        problem === 'empty' ? serverText(specText('enterConnectionCode')) : t('referrals.telegram.codeFormat'),
      );
      return;
    }
    setCodeError(null);
    if (!verify.isPending) verify.mutate(code);
  };

  const username = query.data?.telegramUsername ?? session?.user.telegram_username ?? null;

  return (
    <section
      className="zv-ref-card zv-telegram-card"
      data-testid="telegram-connect-card"
      data-state={state}
      aria-labelledby="telegram-connect-title"
    >
      <div className="zv-ref-card__head">
        <span className="zv-ref-card__icon zv-telegram-card__icon">
          <ReferralIcon name="telegram" size={20} />
        </span>
        <Text weight="2" Component="h2" id="telegram-connect-title" className="zv-ref-card__title">
          {t('referrals.telegram.title')}
        </Text>
        {state === 'connected' && (
          <span className="zv-ref-badge zv-ref-badge--ok">{t('referrals.telegram.connectedNoUsername')}</span>
        )}
      </div>

      {state === 'loading' && (
        <div className="zv-ref-card__row">
          <Spinner size="s" />
          <Caption level="1" className="zv-muted">
            {t('referrals.telegram.loading')}
          </Caption>
        </div>
      )}

      {state === 'unavailable' && (
        <div className="zv-ref-card__note" role="note">
          <Text weight="2">{t('referrals.telegram.unavailable')}</Text>
          <Caption level="1" className="zv-muted">
            {t('referrals.telegram.unavailableBody')}
          </Caption>
        </div>
      )}

      {state === 'connected' && (
        <div className="zv-ref-card__row zv-ref-card__row--split">
          <div className="zv-ref-card__text">
            <Text weight="2" data-testid="telegram-username">
              {username ? t('referrals.telegram.connected', { username }) : t('referrals.telegram.connectedNoUsername')}
            </Text>
            <Caption level="1" className="zv-muted">
              {t('referrals.telegram.connectedBody')}
            </Caption>
          </div>
          <Button
            size="s"
            mode="outline"
            onClick={() => {
              setDisconnectError(null);
              setIsConfirmingDisconnect(true);
            }}
            data-testid="telegram-disconnect"
          >
            {t('referrals.telegram.disconnect')}
          </Button>
        </div>
      )}

      {state === 'not_connected' && (
        <>
          <Caption level="1" className="zv-muted zv-ref-card__body">
            {t('referrals.telegram.notConnectedBody')}{' '}
            {t('referrals.telegram.codeExpiry', { minutes: TELEGRAM_CODE_TTL_MINUTES })}
          </Caption>
          {bot && (
            <Button
              size="s"
              mode="bezeled"
              className="zv-ref-card__bot"
              before={<ReferralIcon name="telegram" size={16} />}
              onClick={() => openTelegramLink(`https://t.me/${bot}`)}
              data-testid="telegram-open-bot"
            >
              {t('referrals.telegram.openBot', { bot })}
            </Button>
          )}
          <form className="zv-telegram-card__form" onSubmit={onSubmit} noValidate>
            <div className="zv-field zv-telegram-card__field">
              <label className="zv-ref-label" htmlFor="telegram-code-input">
                {t('referrals.telegram.codeLabel')}
              </label>
              <Input
                id="telegram-code-input"
                name="connectionCode"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t('referrals.telegram.codePlaceholder')}
                className="zv-telegram-card__input"
                value={code}
                status={codeError ? 'error' : undefined}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'telegram-code-error' : undefined}
                onChange={(event) => {
                  setCode(normaliseConnectionCode(event.target.value));
                  if (codeError) setCodeError(null);
                }}
                data-testid="telegram-code-input"
              />
              {codeError && (
                <p id="telegram-code-error" className="zv-field__error" role="alert" data-testid="telegram-code-error">
                  {codeError}
                </p>
              )}
            </div>
            <Button type="submit" size="m" loading={verify.isPending} data-testid="telegram-verify">
              {t('referrals.telegram.verify')}
            </Button>
          </form>
        </>
      )}

      <ConfirmDialog
        isOpen={isConfirmingDisconnect}
        title={t('referrals.telegram.disconnectTitle')}
        confirmLabel={t('referrals.telegram.disconnectConfirm')}
        cancelLabel={t('referrals.telegram.cancel')}
        isConfirming={disconnect.isPending}
        error={disconnectError}
        onConfirm={() => disconnect.mutate()}
        onCancel={() => setIsConfirmingDisconnect(false)}
        testId="telegram-disconnect-dialog"
      >
        {t('referrals.telegram.disconnectBody')}
      </ConfirmDialog>
    </section>
  );
}
