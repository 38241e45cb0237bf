import { useState } from 'react';
import { Section } from '@telegram-apps/telegram-ui';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useAnnouncement, useAnnouncements } from '../api/announcements';
import { useAnnounceTranslation } from '../announce-i18n';
import { AnnouncementComposer } from './announcement-composer';
import { AnnouncementProgress } from './announcement-progress';

/** The Announcements tab: compose and send, the live progress of the last one sent, the history. */
export function AnnouncementsPanel() {
  const { t } = useAnnounceTranslation();
  const [currentId, setCurrentId] = useState<string>();
  const current = useAnnouncement(currentId);
  const history = useAnnouncements();
  return (
    <div className="zv-admin-list" data-testid="admin-announcements">
      <AnnouncementComposer onStarted={(announcement) => setCurrentId(announcement.id)} />
      {current.data && (
        <Section header={t('progressTitle')}>
          <div data-testid="announce-current">
            <AnnouncementProgress announcement={current.data} />
          </div>
        </Section>
      )}
      <Section header={t('historyTitle')}>
        {history.isPending && <InlineLoader />}
        {history.isError && (
          <Notice tone="error" testId="announce-history-error">
            {t('loadFailed')}
          </Notice>
        )}
        {history.data?.length === 0 && <p className="zv-muted zv-announce-empty">{t('historyEmpty')}</p>}
        <ul className="zv-admin-list" data-testid="announce-history">
          {history.data?.map((announcement) => (
            <li key={announcement.id} data-testid="announce-history-item">
              <AnnouncementProgress announcement={announcement} />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
