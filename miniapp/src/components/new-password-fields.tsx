import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/password-input';
import { PasswordStrengthMeter } from '@/components/password-strength-meter';

type NewPasswordField = 'newPassword' | 'confirmPassword';

/**
 * The new password with its strength meter and its confirmation: the pair that changing a
 * password (settings) and resetting a forgotten one (/reset-password) ask for alike.
 */
export function NewPasswordFields({
  values,
  onChange,
  errorOf,
}: {
  values: Record<NewPasswordField, string>;
  onChange: (field: NewPasswordField) => (value: string) => void;
  errorOf: (field: NewPasswordField) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('settings.security.password.new')}
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={onChange('newPassword')}
        error={errorOf('newPassword')}
      />
      {values.newPassword && <PasswordStrengthMeter password={values.newPassword} />}
      <PasswordInput
        label={t('settings.security.password.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        error={errorOf('confirmPassword')}
      />
    </>
  );
}
