import { Button, Cell, Section, Switch } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '@ziver/shared';
import { useNotificationSettings } from '../../api/get-notification-settings';
import { useUpdateNotifications } from '../../api/update-notifications';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { SettingsIcon } from '../settings-icon';
import { SettingsMessage } from '../settings-message';
import { SettingsQueryContent } from '../settings-query-content';
import { SettingsSubPage } from '../settings-sub-page';
import { NotificationChannels } from './notification-channels';
import { listText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

const TOGGLES = ['email', 'push', 'marketing', 'security'] as const satisfies readonly (keyof NotificationSettings)[];

/**
 * /settings/notifications (docs/spec.md §2): the four toggles and "hide me from public boards"
 * (optimistic, reverted on failure), each channel's real state with the action that changes it
 * (NotificationChannels), and Quiet Hours (coming soon). Messages clear after 3 s.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const query = useNotificationSettings();
  const { message, show } = useTimedMessage(MESSAGE_MS.notifications);
  const update = useUpdateNotifications({
    onSuccess: (result) =>
      show(
        'success',
        result.message ? result : serverText(listText('settings', SETTINGS_MESSAGES, 'notificationsUpdated')),
      ),
    onError: (error) => show('error', settingsErrorMessage(error)),
  });

  const content = (settings: NotificationSettings) => (
    <>
      <Section header={t('settings.notifications.toggles.header')} className="zv-section">
        {TOGGLES.map((id) => (
          <Cell
            key={id}
            Component="label"
            multiline
            description={t(`settings.notifications.toggles.${id}Hint`)}
            after={
              <Switch
                checked={settings[id]}
                aria-label={t(`settings.notifications.toggles.${id}`)}
                onChange={(event) => update.mutate({ ...settings, [id]: event.target.checked })}
                data-testid={`notify-${id}`}
              />
            }
          >
            {t(`settings.notifications.toggles.${id}`)}
          </Cell>
        ))}
      </Section>
      <Section header={t('settings.notifications.privacy.header')} className="zv-section">
        <Cell
          Component="label"
          multiline
          description={t('settings.notifications.privacy.hideFromBoardsHint')}
          after={
            <Switch
              checked={settings.hideFromBoards}
              aria-label={t('settings.notifications.privacy.hideFromBoards')}
              onChange={(event) => update.mutate({ ...settings, hideFromBoards: event.target.checked })}
              data-testid="notify-hideFromBoards"
            />
          }
        >
          {t('settings.notifications.privacy.hideFromBoards')}
        </Cell>
      </Section>
      <SettingsMessage message={message} testId="notifications-message" />
      <NotificationChannels
        settings={settings}
        onPushError={() => show('error', t('settings.notifications.channels.pushFailed'))}
      />
      <Section header={t('settings.notifications.quietHours.header')} className="zv-section">
        <Cell
          multiline
          before={<SettingsIcon name="moon-clock" />}
          description={t('settings.notifications.quietHours.description')}
          after={<span className="zv-soon-badge">{t('settings.common.soon')}</span>}
        >
          {t('settings.notifications.quietHours.title')}
        </Cell>
        <div className="zv-section-actions">
          <Button size="m" mode="gray" disabled data-testid="quiet-hours">
            {t('settings.notifications.quietHours.button')}
          </Button>
        </div>
      </Section>
    </>
  );

  return (
    <SettingsSubPage title={t('settings.notifications.title')} testId="settings-notifications-page">
      <SettingsQueryContent query={query}>{content}</SettingsQueryContent>
    </SettingsSubPage>
  );
}
