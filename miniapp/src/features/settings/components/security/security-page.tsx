import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { useSecuritySettings } from '../../api/get-security-settings';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { useTranslateSettingsMessage } from '../../hooks/use-translate-settings-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { SettingsMessage } from '../settings-message';
import { SettingsSubPage } from '../settings-sub-page';
import { ChangePasswordForm } from './change-password-form';
import { SecurityTips } from './security-tips';
import { TwoFactorSection } from './two-factor-section';

/** /settings/security: two-factor, change password, tips. Messages clear after 5 s. */
export function SecurityPage() {
  const { t } = useTranslation();
  const translate = useTranslateSettingsMessage();
  const query = useSecuritySettings();
  const twoFactorMessage = useTimedMessage(MESSAGE_MS.security);
  const passwordMessage = useTimedMessage(MESSAGE_MS.security);

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
        <TwoFactorSection settings={query.data} onMessage={twoFactorMessage.show} />
        <SettingsMessage message={twoFactorMessage.message} testId="two-factor-message" />
        <ChangePasswordForm hasPassword={query.data.has_password} onMessage={passwordMessage.show} />
        <SettingsMessage message={passwordMessage.message} testId="password-message" />
        <SecurityTips />
      </>
    );
  };

  return (
    <SettingsSubPage title={t('settings.security.title')} testId="settings-security-page">
      {content()}
    </SettingsSubPage>
  );
}
