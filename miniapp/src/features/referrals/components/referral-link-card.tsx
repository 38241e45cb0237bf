import { useEffect, useState } from 'react';
import { Button, Caption, IconButton, Skeleton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MESSAGES, REFERRAL_BONUS_ZP } from '@ziver/shared/core';
import { useServerMessage } from '@/i18n/server-message';
import { getActiveTelegram } from '@/lib/platform/telegram-bridge';
import { shareUrl } from '@/lib/telegram-links';
import { buildReferralLinks, SHARE_TARGETS, shareLink, type ShareTarget } from '../utils/share-links';
import { ReferralCardShare } from './referral-card-share';
import { ReferralIcon } from './referral-icons';
import { copyText } from '@/lib/clipboard';

const COPY_MESSAGE_MS = 3_000;

type CopyResult = { kind: 'copied' | 'failed' | 'no_code'; link: 'web' | 'telegram' };

/**
 * The referral link card: the web sign-up link (and the bot's start link when there is a bot),
 * copy ('Copied to clipboard!' / 'Failed to copy link' / 'No referral code available'), and
 * sharing on Telegram, WhatsApp and Twitter.
 */
export function ReferralLinkCard({
  code,
  isLoading,
  botUsername,
  miniAppShortName = null,
}: {
  code: string | null;
  isLoading: boolean;
  botUsername: string | null;
  /** Set: the Telegram link opens the mini app directly (t.me/<bot>/<app>?startapp=CODE). */
  miniAppShortName?: string | null;
}) {
  const { t } = useTranslation();
  const translateMessage = useServerMessage();
  const [copyResult, setCopyResult] = useState<CopyResult | null>(null);
  const links = code
    ? buildReferralLinks({ origin: window.location.origin, code, botUsername, miniAppShortName })
    : null;

  useEffect(() => {
    if (!copyResult) return;
    const timer = window.setTimeout(() => setCopyResult(null), COPY_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [copyResult]);

  const copy = async (link: 'web' | 'telegram') => {
    const text = link === 'web' ? links?.web : links?.telegram;
    if (!text) {
      setCopyResult({ kind: 'no_code', link });
      return;
    }
    setCopyResult({ kind: (await copyText(text)) ? 'copied' : 'failed', link });
  };

  const share = (target: ShareTarget) => {
    if (!links) {
      setCopyResult({ kind: 'no_code', link: 'web' });
      return;
    }
    const text = t('referrals.link.shareText', { bonus: REFERRAL_BONUS_ZP });
    // Inside Telegram, Telegram's own share flow with the link that opens the app (or the bot)
    // in Telegram; elsewhere each network's share page with the web sign-up link.
    if (target === 'telegram' && links.telegram && getActiveTelegram()) {
      void shareUrl(links.telegram, text);
      return;
    }
    shareLink(target, { url: links.web, text });
  };

  const copyMessage = (link: 'web' | 'telegram') => {
    if (copyResult?.link !== link) return null;
    const text =
      copyResult.kind === 'copied'
        ? translateMessage(MESSAGES.copiedToClipboard)
        : copyResult.kind === 'failed'
          ? t('referrals.errors.copy')
          : t('referrals.errors.noCode');
    return (
      <Caption
        level="1"
        role={copyResult.kind === 'copied' ? 'status' : 'alert'}
        className={copyResult.kind === 'copied' ? 'zv-ref-ok' : 'zv-ref-error'}
        data-testid="referral-copy-result"
        data-result={copyResult.kind}
      >
        {text}
      </Caption>
    );
  };

  return (
    <section className="zv-ref-card" aria-labelledby="referral-link-title" data-testid="referral-link-card">
      <div className="zv-ref-card__head">
        <span className="zv-ref-card__icon">
          <ReferralIcon name="link" size={20} />
        </span>
        <Text weight="2" Component="h2" id="referral-link-title" className="zv-ref-card__title">
          {t('referrals.link.title')}
        </Text>
      </div>

      <div className="zv-ref-link">
        <div className="zv-ref-link__label">
          <Caption level="1" className="zv-muted">
            {t('referrals.link.webLabel')}
          </Caption>
          {code && (
            <span className="zv-ref-badge" data-testid="referral-code">
              {t('referrals.link.code', { code })}
            </span>
          )}
        </div>
        <div className="zv-ref-link__row">
          <Skeleton visible={isLoading} className="zv-ref-link__value-wrap">
            <span className="zv-ref-link__value" data-testid="referral-link">
              {links?.web ?? (isLoading ? '' : t('referrals.errors.noCode'))}
            </span>
          </Skeleton>
          <IconButton
            mode="bezeled"
            size="m"
            onClick={() => void copy('web')}
            aria-label={t('referrals.link.copy')}
            title={t('referrals.link.copy')}
            data-testid="referral-copy"
          >
            <ReferralIcon name="copy" size={20} />
          </IconButton>
        </div>
        {copyMessage('web')}
      </div>

      {links?.telegram && (
        <div className="zv-ref-link">
          <Caption level="1" className="zv-muted">
            {t('referrals.link.telegramLabel')}
          </Caption>
          <div className="zv-ref-link__row">
            <span className="zv-ref-link__value" data-testid="referral-telegram-link">
              {links.telegram}
            </span>
            <IconButton
              mode="bezeled"
              size="m"
              onClick={() => void copy('telegram')}
              aria-label={t('referrals.link.copyTelegram')}
              title={t('referrals.link.copyTelegram')}
              data-testid="referral-copy-telegram"
            >
              <ReferralIcon name="copy" size={20} />
            </IconButton>
          </div>
          {copyMessage('telegram')}
        </div>
      )}

      <div className="zv-ref-share" role="group" aria-label={t('referrals.link.shareLabel')}>
        {SHARE_TARGETS.map((target) => (
          <Button
            key={target}
            size="s"
            mode="bezeled"
            className={`zv-ref-share__button zv-ref-share__button--${target}`}
            onClick={() => share(target)}
            disabled={isLoading}
            data-testid={`referral-share-${target}`}
          >
            {t(`referrals.link.targets.${target}`)}
          </Button>
        ))}
      </div>

      <ReferralCardShare webLink={links?.web ?? null} />
    </section>
  );
}
