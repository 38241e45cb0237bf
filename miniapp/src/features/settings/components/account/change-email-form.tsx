import type { ServerText } from '@/i18n/server-message';
import type { FormEvent } from 'react';
import { Button, Input, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useChangeEmail } from '../../api/change-email';
import { useTranslateSettingsMessage } from '../../hooks/use-translate-settings-message';
import { canSubmitEmailForm, validateEmailForm, type EmailFormValues } from '../../utils/email-form';
import { useFormFields } from '../../hooks/use-form-fields';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { PasswordInput } from '@/components/password-input';
import { listText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

const EMPTY: EmailFormValues = { newEmail: '', currentPassword: '' };

/**
 * Change email (docs/spec.md §5): a valid new address different from the current one, and the current
 * password; the button stays disabled while a field is blank or the address is unchanged.
 */
export function ChangeEmailForm({
  currentEmail,
  hasPassword,
  onMessage,
}: {
  currentEmail: string | null;
  hasPassword: boolean;
  onMessage: (tone: 'success' | 'error', text: ServerText | string) => void;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const translate = useTranslateSettingsMessage();
  const { values, errors, setErrors, update, reset } = useFormFields(EMPTY);
  const change = useChangeEmail({
    onSuccess: (result) => {
      reset();
      onMessage(
        'success',
        result.message ? result : serverText(listText('settings', SETTINGS_MESSAGES, 'emailUpdated')),
      );
    },
    onError: (error) => onMessage('error', settingsErrorMessage(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEmailForm(values, currentEmail);
    setErrors(found);
    if (Object.keys(found).length > 0 || change.isPending) return;
    change.mutate({ newEmail: values.newEmail.trim(), currentPassword: values.currentPassword });
  };

  if (!hasPassword) {
    return (
      <Section header={t('settings.account.email.header')} className="zv-section">
        <div className="zv-section-note" data-testid="email-needs-password">
          <p>{t('settings.account.email.needsPassword')}</p>
          <Button Component={Link} href={paths.settingsSecurity} size="s" mode="bezeled">
            {t('settings.account.email.goToSecurity')}
          </Button>
        </div>
      </Section>
    );
  }

  const newEmailError = errors.newEmail ? translate(errors.newEmail) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="zv-form" data-testid="change-email-form">
      <Section header={t('settings.account.email.header')} className="zv-section">
        <div className="zv-field">
          <Input
            header={t('settings.account.email.newLabel')}
            aria-label={t('settings.account.email.newLabel')}
            name="newEmail"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={currentEmail ?? 'you@example.com'}
            value={values.newEmail}
            onChange={(event) => update('newEmail')(event.target.value)}
            status={newEmailError ? 'error' : undefined}
            aria-invalid={newEmailError ? true : undefined}
          />
          {newEmailError && (
            <p className="zv-field__error" role="alert">
              {newEmailError}
            </p>
          )}
        </div>
        <PasswordInput
          label={t('settings.account.email.passwordLabel')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={update('currentPassword')}
          error={errors.currentPassword ? translate(errors.currentPassword) : undefined}
        />
      </Section>
      <Button
        type="submit"
        size="l"
        stretched
        loading={change.isPending}
        disabled={!canSubmitEmailForm(values, currentEmail) || change.isPending}
        data-testid="change-email-submit"
      >
        {t('settings.account.email.submit')}
      </Button>
    </form>
  );
}
