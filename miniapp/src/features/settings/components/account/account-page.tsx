import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { useAccountSettings } from '../../api/get-account-settings';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { useTranslateSettingsMessage } from '../../hooks/use-translate-settings-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { SettingsMessage } from '../settings-message';
import { SettingsSubPage } from '../settings-sub-page';
import { AccountActions } from './account-actions';
import { AccountInfo } from './account-info';
import { ChangeEmailForm } from './change-email-form';

/** /settings/account: change email, account info, and the (disabled) data actions. Messages clear after 5 s. */
export function AccountPage() {
  const { t } = useTranslation();
  const translate = useTranslateSettingsMessage();
  const query = useAccountSettings();
  const { message, show } = useTimedMessage(MESSAGE_MS.account);

  const content = () => {
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
    return (
      <>
        <ChangeEmailForm currentEmail={query.data.email} hasPassword={query.data.has_password} onMessage={show} />
        <SettingsMessage message={message} testId="account-message" />
        <AccountInfo account={query.data} />
        <AccountActions />
      </>
    );
  };

  return (
    <SettingsSubPage title={t('settings.account.title')} testId="settings-account-page">
      {content()}
    </SettingsSubPage>
  );
}
