import { useState, type FormEvent } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { USERNAME_MAX } from '@ziver/shared/core';
import type { AuthResponse } from '@ziver/shared';
import { paths } from '@/config/paths';
import { Notice } from '@/components/notice';
import { useServerMessage, type ServerText } from '@/i18n/server-message';
import { useRegister } from '../api/register';
import { registerErrorMessage } from '../utils/auth-errors';
import { signUpChoices } from '../utils/sign-up-choices';
import { toSession } from '../utils/to-session';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useKeepTelegramReferral } from '../hooks/use-keep-telegram-referral';
import {
  referralCodeFromSearch,
  validateRegisterForm,
  type RegisterFormErrors,
  type RegisterFormValues,
} from '../utils/validate-register';
import { AuthCard } from './auth-card';
import { FormField, PasswordField } from './form-field';
import { GoogleSignIn } from './google-sign-in';
import { ReferralBanner } from './referral-banner';

const EMPTY: RegisterFormValues = { username: '', email: '', password: '', confirmPassword: '' };

/**
 * Sign-up with Google, or with username, email and password; a ?ref= or ?start code is checked
 * in the banner and sent along; inside Telegram it is also kept for the visitor's Telegram identity
 * (POST /auth/pending-referral). Google answers go to `onGoogleSignedIn` (it may need 2FA).
 */
export function RegisterForm({ onGoogleSignedIn }: { onGoogleSignedIn: (response: AuthResponse) => void }) {
  const { t, i18n } = useTranslation();
  const translateMessage = useServerMessage();
  const search = useSearch();
  const referralCode = referralCodeFromSearch(search);
  useKeepTelegramReferral(referralCode);
  const finishSignIn = useFinishSignIn();
  const [values, setValues] = useState<RegisterFormValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterFormErrors>({});
  const [formError, setFormError] = useState<ServerText | string | null>(null);

  const registerMutation = useRegister({
    onSuccess: (response) => {
      try {
        finishSignIn(toSession(response), { method: 'password', isNewUser: true });
      } catch (failure) {
        setFormError(registerErrorMessage(failure));
      }
    },
    onError: (failure) => setFormError(registerErrorMessage(failure)),
  });

  const update = (field: keyof RegisterFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validateRegisterForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    registerMutation.mutate({
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(referralCode ? { referralCode } : {}),
      ...signUpChoices(i18n.language),
    });
  };

  const errorOf = (field: keyof RegisterFormValues) => {
    const message = errors[field];
    return message ? translateMessage(message) : undefined;
  };

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')} <Link href={paths.login}>{t('auth.register.loginLink')}</Link>
        </>
      }
    >
      {referralCode && <ReferralBanner code={referralCode} />}
      <GoogleSignIn context="signup" referralCode={referralCode} onSignedIn={onGoogleSignedIn} />
      <form onSubmit={onSubmit} noValidate className="zv-form">
        <Section className="zv-section">
          <FormField
            label={t('auth.register.usernameLabel')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX}
            placeholder={t('auth.register.usernamePlaceholder')}
            value={values.username}
            onChange={update('username')}
            error={errorOf('username')}
            required
          />
          <FormField
            label={t('auth.register.emailLabel')}
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('auth.register.emailPlaceholder')}
            value={values.email}
            onChange={update('email')}
            error={errorOf('email')}
            required
          />
          <PasswordField
            label={t('auth.register.passwordLabel')}
            name="password"
            autoComplete="new-password"
            placeholder={t('auth.register.passwordPlaceholder')}
            value={values.password}
            onChange={update('password')}
            error={errorOf('password')}
            required
          />
          <PasswordField
            label={t('auth.register.confirmPasswordLabel')}
            name="confirmPassword"
            autoComplete="new-password"
            placeholder={t('auth.register.confirmPasswordPlaceholder')}
            value={values.confirmPassword}
            onChange={update('confirmPassword')}
            error={errorOf('confirmPassword')}
            required
          />
        </Section>
        {formError && (
          <Notice tone="error" testId="auth-error">
            {translateMessage(formError)}
          </Notice>
        )}
        <Button
          type="submit"
          size="l"
          stretched
          loading={registerMutation.isPending}
          disabled={registerMutation.isPending}
        >
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
