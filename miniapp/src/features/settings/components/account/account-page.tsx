import { useTranslation } from 'react-i18next';
import { useAccountSettings } from '../../api/get-account-settings';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { SettingsMessage } from '../settings-message';
import { SettingsQueryContent } from '../settings-query-content';
import { SettingsSubPage } from '../settings-sub-page';
import { AccountActions } from './account-actions';
import { AccountInfo } from './account-info';
import { ChangeEmailForm } from './change-email-form';
import { EmailVerification } from './email-verification';

/** /settings/account: change email, the address's verification, account info, and the (disabled) data actions. Messages clear after 5 s. */
export function AccountPage() {
  const { t } = useTranslation();
  const query = useAccountSettings();
  const { message, show } = useTimedMessage(MESSAGE_MS.account);

  return (
    <SettingsSubPage title={t('settings.account.title')} testId="settings-account-page">
      <SettingsQueryContent query={query}>
        {(data) => (
          <>
            <ChangeEmailForm currentEmail={data.email} hasPassword={data.has_password} onMessage={show} />
            <SettingsMessage message={message} testId="account-message" />
            <EmailVerification account={data} onMessage={show} />
            <AccountInfo account={data} />
            <AccountActions />
          </>
        )}
      </SettingsQueryContent>
    </SettingsSubPage>
  );
}
