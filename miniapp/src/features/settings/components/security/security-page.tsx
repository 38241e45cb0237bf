import { useTranslation } from 'react-i18next';
import { useSecuritySettings } from '../../api/get-security-settings';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { SettingsMessage } from '../settings-message';
import { SettingsQueryContent } from '../settings-query-content';
import { SettingsSubPage } from '../settings-sub-page';
import { ChangePasswordForm } from './change-password-form';
import { SecurityTips } from './security-tips';
import { TwoFactorSection } from './two-factor-section';

/** /settings/security: two-factor, change password, tips. Messages clear after 5 s. */
export function SecurityPage() {
  const { t } = useTranslation();
  const query = useSecuritySettings();
  const twoFactorMessage = useTimedMessage(MESSAGE_MS.security);
  const passwordMessage = useTimedMessage(MESSAGE_MS.security);

  return (
    <SettingsSubPage title={t('settings.security.title')} testId="settings-security-page">
      <SettingsQueryContent query={query}>
        {(data) => (
          <>
            <TwoFactorSection settings={data} onMessage={twoFactorMessage.show} />
            <SettingsMessage message={twoFactorMessage.message} testId="two-factor-message" />
            <ChangePasswordForm hasPassword={data.has_password} onMessage={passwordMessage.show} />
            <SettingsMessage message={passwordMessage.message} testId="password-message" />
            <SecurityTips />
          </>
        )}
      </SettingsQueryContent>
    </SettingsSubPage>
  );
}
