import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ziver/shared/core';
import { InlineLoader } from '@/components/loading-view';
import { useTranslateSettingsMessage } from '../hooks/use-translate-settings-message';
import { settingsErrorMessage } from '../utils/settings-errors';

/** A settings page's body: a loader while its settings load, the error with a retry, else the page. */
export function SettingsQueryContent<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const translate = useTranslateSettingsMessage();
  if (query.isPending) {
    return (
      <div className="zv-settings-loading">
        <InlineLoader />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Placeholder
        header={translate(settingsErrorMessage(query.error, MESSAGES.failedFetchSettings))}
        action={
          <Button size="m" onClick={() => void query.refetch()}>
            {t('settings.common.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}
