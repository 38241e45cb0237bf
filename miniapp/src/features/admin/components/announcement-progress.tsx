import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { LANGUAGE_NAMES, measureMessage, type Announcement, type TelegramHtmlNode } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useCancelAnnouncement } from '../api/announcements';
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
 * remaining, and the rarer ones when not zero), with "Stop sending" while it runs.
 */
export function AnnouncementProgress({ announcement }: { announcement: Announcement }) {
  const errorText = useErrorText();
  const { t, i18n } = useAnnounceTranslation();
  const cancel = useCancelAnnouncement();
  const { counts, recipients, remaining } = announcement;
  const done = recipients - remaining;
  const percent = recipients > 0 ? Math.round((done / recipients) * 100) : 100;
  const audience = announcement.language ? LANGUAGE_NAMES[announcement.language] : t('everyone');
  const date = new Date(announcement.created_at).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const extra = (['skipped', 'unconfirmed', 'cancelled'] as const).filter((key) => counts[key] > 0);
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
      {cancel.isError && (
        <Notice tone="error" testId="announce-cancel-error">
          {t('failed', { message: errorText(cancel.error) })}
        </Notice>
      )}
      {announcement.status === 'running' && (
        <Button
          size="s"
          mode="gray"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(announcement.id)}
          data-testid="announce-cancel"
        >
          {t('cancel')}
        </Button>
      )}
    </div>
  );
}
