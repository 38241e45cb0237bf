import type { ServerText } from '@/i18n/server-message';
import type { FormEvent } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PasswordInput } from '@/components/password-input';
import { useChangePassword } from '../../api/change-password';
import { useTranslateSettingsMessage } from '../../hooks/use-translate-settings-message';
import { useFormFields } from '../../hooks/use-form-fields';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { isPasswordFormFilled, validatePasswordForm, type PasswordFormValues } from '@/lib/password-form';
import { listText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (docs/spec.md §5): current, new and confirmation, the strength meter, and the
 * server's answer. An account created by Google or Telegram has no password yet and sets one.
 */
export function ChangePasswordForm({
  hasPassword,
  onMessage,
}: {
  hasPassword: boolean;
  onMessage: (tone: 'success' | 'error', text: ServerText | string) => void;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const translate = useTranslateSettingsMessage();
  const { values, errors, setErrors, update, reset } = useFormFields(EMPTY);
  const change = useChangePassword({
    onSuccess: (result) => {
      reset();
      onMessage('success', result.message || serverText(listText('settings', SETTINGS_MESSAGES, 'passwordChanged')));
    },
    onError: (error) => onMessage('error', settingsErrorMessage(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePasswordForm(values, { hasPassword });
    setErrors(found);
    if (Object.keys(found).length > 0 || change.isPending) return;
    change.mutate({
      ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
      newPassword: values.newPassword,
    });
  };

  const errorOf = (field: keyof PasswordFormValues) => (errors[field] ? translate(errors[field]) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="zv-form" data-testid="change-password-form">
      <Section
        header={hasPassword ? t('settings.security.password.header') : t('settings.security.password.setHeader')}
        footer={hasPassword ? undefined : t('settings.security.password.setHint')}
        className="zv-section"
      >
        {hasPassword && (
          <PasswordInput
            label={t('settings.security.password.current')}
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={update('currentPassword')}
            error={errorOf('currentPassword')}
          />
        )}
        <NewPasswordFields values={values} onChange={update} errorOf={errorOf} />
        <p className="zv-form-hint">{t('settings.security.password.rule')}</p>
      </Section>
      <Button
        type="submit"
        size="l"
        stretched
        loading={change.isPending}
        disabled={!isPasswordFormFilled(values, { hasPassword }) || change.isPending}
        data-testid="change-password-submit"
      >
        {hasPassword ? t('settings.security.password.submit') : t('settings.security.password.setSubmit')}
      </Button>
    </form>
  );
}
