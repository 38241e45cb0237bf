import { useState } from 'react';
import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { LANGUAGE_NAMES, measureMessage, type Announcement, type TelegramHtmlNode } from '@ziver/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { useCancelAnnouncement, useWithdrawNotice } from '../api/announcements';
import { useAnnounceTranslation } from '../announce-i18n';
import { useErrorText } from '../utils/use-error-text';

const plainText = (nodes: TelegramHtmlNode[]): string =>
  nodes.map((node) => (node.type === 'text' ? node.text : plainText(node.children))).join('');

/** The text as the recipients read it (HTML tags and entities resolved). */
function readableText(announcement: Announcement): string {
  const measured = measureMessage(announcement.text, announcement.format);
  return measured.ok ? plainText(measured.nodes) : announcement.text;
}

/**
 * One announcement: its status, a progress bar and the counts (sent / failed / blocked /
 * remaining, and the rarer ones when not zero), why and until when Telegram sending is paused,
 * and two separate confirmed actions: "Stop sending" (Telegram) while it runs, "Withdraw in-app
 * notice" while users see it.
 */
export function AnnouncementProgress({ announcement }: { announcement: Announcement }) {
  const errorText = useErrorText();
  const { t, i18n } = useAnnounceTranslation();
  const cancel = useCancelAnnouncement();
  const withdraw = useWithdrawNotice();
  const [asking, setAsking] = useState<'cancel' | 'withdraw' | null>(null);
  const { counts, recipients, remaining } = announcement;
  const done = recipients - remaining;
  const percent = recipients > 0 ? Math.round((done / recipients) * 100) : 100;
  const audience = announcement.language ? LANGUAGE_NAMES[announcement.language] : t('everyone');
  const date = new Date(announcement.created_at).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const extra = (['skipped', 'unconfirmed', 'cancelled'] as const).filter((key) => counts[key] > 0);
  const formatTime = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeStyle: 'medium' });
  const isNoticeShown = announcement.in_app_recipients !== null && announcement.withdrawn_at === null;
  const action = asking === 'withdraw' ? withdraw : cancel;
  const close = () => {
    setAsking(null);
    action.reset();
  };
  return (
    <div className="zv-admin-card" data-testid="announce-progress" data-status={announcement.status}>
      <div className="zv-admin-card__head">
        <Text weight="2" data-testid="announce-status">
          {t(`status.${announcement.status}`)}
        </Text>
        <Caption level="1" className="zv-muted">
          {percent}%
        </Caption>
      </div>
      <Caption level="1" className="zv-muted">
        {t('meta', { date, audience, username: announcement.created_by.username ?? '—' })}
      </Caption>
      {announcement.in_app_recipients !== null && (
        <Caption level="1" className="zv-muted" data-testid="announce-progress-in-app">
          {t('inAppMeta', { count: announcement.in_app_recipients })}
        </Caption>
      )}
      {announcement.withdrawn_at !== null && (
        <Caption level="1" className="zv-muted" data-testid="announce-withdrawn">
          {t('withdrawn', {
            date: new Date(announcement.withdrawn_at).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Caption>
      )}
      <p className="zv-admin-card__message zv-announce-text">{readableText(announcement)}</p>
      <progress
        className="zv-announce-bar"
        max={Math.max(recipients, 1)}
        value={recipients > 0 ? done : 1}
        aria-label={t('progressTitle')}
      />
      <dl className="zv-announce-counts" data-testid="announce-counts">
        <div>
          <dt>{t('counts.sent')}</dt>
          <dd data-testid="announce-count-sent">{counts.sent}</dd>
        </div>
        <div>
          <dt>{t('counts.failed')}</dt>
          <dd data-testid="announce-count-failed">{counts.failed}</dd>
        </div>
        <div>
          <dt>{t('counts.blocked')}</dt>
          <dd data-testid="announce-count-blocked">{counts.blocked}</dd>
        </div>
        <div>
          <dt>{t('counts.remaining')}</dt>
          <dd data-testid="announce-count-remaining">{remaining}</dd>
        </div>
        {extra.map((key) => (
          <div key={key}>
            <dt>{t(`counts.${key}`)}</dt>
            <dd>{counts[key]}</dd>
          </div>
        ))}
      </dl>
      {announcement.paused && (
        <Notice tone="info" testId="announce-paused">
          {t(`paused.${announcement.paused.reason}`, { time: formatTime(announcement.paused.until) })}
        </Notice>
      )}
      <div className="zv-announce-actions">
        {announcement.status === 'running' && (
          <Button size="s" mode="gray" onClick={() => setAsking('cancel')} data-testid="announce-cancel">
            {t('cancel')}
          </Button>
        )}
        {isNoticeShown && (
          <Button size="s" mode="gray" onClick={() => setAsking('withdraw')} data-testid="announce-withdraw">
            {t('withdraw')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={asking !== null}
        title={t(asking === 'withdraw' ? 'withdrawConfirmTitle' : 'cancelConfirmTitle')}
        confirmLabel={t(asking === 'withdraw' ? 'withdrawConfirmYes' : 'cancelConfirmYes')}
        cancelLabel={t(asking === 'withdraw' ? 'withdrawConfirmNo' : 'cancelConfirmNo')}
        isConfirming={action.isPending}
        error={action.isError ? t('failed', { message: errorText(action.error) }) : null}
        onConfirm={() => action.mutate(announcement.id, { onSuccess: close })}
        onCancel={close}
        testId="announce-action-confirm"
      >
        {asking === 'withdraw'
          ? t('withdrawConfirm', { count: announcement.in_app_recipients ?? 0 })
          : t('cancelConfirm', { remaining })}
      </ConfirmDialog>
    </div>
  );
}
