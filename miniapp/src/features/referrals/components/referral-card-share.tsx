import { useEffect, useState } from 'react';
import { Button, Caption } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MESSAGES, REFERRAL_BONUS_ZP } from '@ziver/shared/core';
import { serverTextOf, useServerMessage } from '@/i18n/server-message';
import { copyText } from '@/lib/clipboard';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';
import { getReferralStory, prepareReferralCard } from '../api/share-referral-card';

const RESULT_MESSAGE_MS = 4_000;

type Result =
  | { tone: 'ok' | 'quiet'; key: 'sent' | 'declined' | 'shared' }
  | { tone: 'ok'; text: string }
  | { tone: 'error'; text: string };

type Busy = 'card' | 'story' | 'native' | null;

/**
 * The referral card shared the Telegram way: inside Telegram (Mini Apps 8.0) "Share card" opens
 * Telegram's chat picker with the card the bot prepared (shareMessage), "Share to story" the
 * story editor with our 1080×1920 image and a widget link (shareToStory, 7.8). Elsewhere one
 * "Share" button: the browser's share sheet (Web Share API) where there is one, else copy.
 */
export function ReferralCardShare({ webLink }: { webLink: string | null }) {
  const { t } = useTranslation();
  const translate = useServerMessage();
  const telegram = useActiveTelegram();
  const [busy, setBusy] = useState<Busy>(null);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), RESULT_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const failure = (error: unknown, fallback: string): Result => {
    const text = serverTextOf(error);
    return { tone: 'error', text: text ? translate(text) : fallback };
  };

  const run = async (kind: Exclude<Busy, null>, job: () => Promise<Result | null>) => {
    setBusy(kind);
    setResult(null);
    try {
      setResult(await job());
    } finally {
      setBusy(null);
    }
  };

  const shareCard = () =>
    run('card', async () => {
      try {
        const { preparedMessageId } = await prepareReferralCard();
        const outcome = await telegram!.sharing.shareMessage(preparedMessageId);
        if (outcome.ok) return { tone: 'ok', key: 'sent' };
        // The user closed Telegram's picker: nothing went wrong.
        return outcome.reason === 'USER_DECLINED'
          ? { tone: 'quiet', key: 'declined' }
          : { tone: 'error', text: t('referrals.card.failed') };
      } catch (error) {
        return failure(error, t('referrals.card.failed'));
      }
    });

  const shareStory = () =>
    run('story', async () => {
      try {
        const story = await getReferralStory();
        const isOpened = telegram!.sharing.shareStory(story.mediaUrl, {
          text: story.text,
          widgetLink: story.widgetLink,
        });
        return isOpened ? null : { tone: 'error', text: t('referrals.card.storyFailed') };
      } catch (error) {
        return failure(error, t('referrals.card.storyFailed'));
      }
    });

  const shareNative = () =>
    run('native', async () => {
      if (!webLink) return { tone: 'error', text: t('referrals.errors.noCode') };
      const text = t('referrals.link.shareText', { bonus: REFERRAL_BONUS_ZP });
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: t('referrals.card.nativeTitle'), text, url: webLink });
          return { tone: 'ok', key: 'shared' };
        } catch (error) {
          // The user closed the sheet; any other failure falls back to copying.
          if (error instanceof DOMException && error.name === 'AbortError') return null;
        }
      }
      return (await copyText(webLink))
        ? { tone: 'ok', text: translate(MESSAGES.copiedToClipboard) }
        : { tone: 'error', text: t('referrals.errors.copy') };
    });

  const canShareMessage = telegram?.sharing.canShareMessage() ?? false;
  const canShareStory = telegram?.sharing.canShareStory() ?? false;
  // Inside an older Telegram neither is offered: the link's Telegram share above remains.
  if (telegram && !canShareMessage && !canShareStory) return null;

  return (
    <div className="zv-ref-card-share" role="group" aria-label={t('referrals.card.label')}>
      <div className="zv-ref-card-share__buttons">
        {telegram ? (
          <>
            {canShareMessage && (
              <Button
                size="m"
                mode="filled"
                stretched
                loading={busy === 'card'}
                disabled={busy !== null || !webLink}
                onClick={() => void shareCard()}
                data-testid="referral-share-card"
              >
                {t('referrals.card.shareCard')}
              </Button>
            )}
            {canShareStory && (
              <Button
                size="m"
                mode="bezeled"
                stretched
                loading={busy === 'story'}
                disabled={busy !== null || !webLink}
                onClick={() => void shareStory()}
                data-testid="referral-share-story"
              >
                {t('referrals.card.shareStory')}
              </Button>
            )}
          </>
        ) : (
          <Button
            size="m"
            mode="filled"
            stretched
            loading={busy === 'native'}
            disabled={busy !== null || !webLink}
            onClick={() => void shareNative()}
            data-testid="referral-share-native"
          >
            {t('referrals.card.share')}
          </Button>
        )}
      </div>
      {busy === 'card' && (
        <Caption level="1" className="zv-muted" role="status">
          {t('referrals.card.preparing')}
        </Caption>
      )}
      {result && (
        <Caption
          level="1"
          role={result.tone === 'error' ? 'alert' : 'status'}
          className={result.tone === 'error' ? 'zv-ref-error' : result.tone === 'ok' ? 'zv-ref-ok' : 'zv-muted'}
          data-testid="referral-card-result"
          data-tone={result.tone}
        >
          {'key' in result ? t(`referrals.card.${result.key}`) : result.text}
        </Caption>
      )}
    </div>
  );
}
