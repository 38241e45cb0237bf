import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { databaseOutage } from '@/lib/database-outage';
import { Notice } from './notice';
import './database-outage-notice.css';

/** Says, in the user's language, that the server cannot reach its database, while that lasts. */
export function DatabaseOutageNotice() {
  const { t } = useTranslation();
  const isDown = useSyncExternalStore(databaseOutage.subscribe, databaseOutage.isDown);
  if (!isDown) return null;
  return (
    <div className="zv-outage">
      <Notice tone="error" testId="database-outage">
        {t('errors.databaseUnavailable')}
      </Notice>
    </div>
  );
}
