import type { ServerText } from '@/i18n/server-message';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AuthResponse } from '@ziver/shared';
import { paths } from '@/config/paths';
import { Notice } from '@/components/notice';
import { useLogin } from '../api/login';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { loginErrorMessage } from '../utils/auth-errors';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';
import { FormField, PasswordField } from './form-field';
import { GoogleSignIn } from './google-sign-in';
import { SupportContact } from './support-contact';

/**
 * The login page's first step: Google, then email (or username) and password. Answers go to
 * `onSignedIn`, which opens the session or the 2FA step; `notice` shows why an automatic sign-in
 * (token link, Telegram) did not work.
 */
export function LoginForm({
  referralCode,
  notice,
  onSignedIn,
}: {
  referralCode: string | null;
  notice?: ReactNode;
  onSignedIn: (response: AuthResponse, method: 'password' | 'google') => void;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateIdentityMessage();
  const { reportLoginFailure, error: authError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ServerText | null>(null);

  const loginMutation = useLogin({
    onSuccess: (response) => {
      setPassword('');
      onSignedIn(response, 'password');
    },
    onError: (failure) => {
      reportLoginFailure('login');
      setError(loginErrorMessage(failure));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    loginMutation.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link href={paths.register}>{t('auth.login.registerLink')}</Link>
          {authError !== 'suspended' && <SupportContact />}
        </>
      }
    >
      {notice}
      <GoogleSignIn
        context="signin"
        referralCode={referralCode}
        onSignedIn={(response) => onSignedIn(response, 'google')}
      />
      <form onSubmit={onSubmit} noValidate className="zv-form">
        <Section className="zv-section">
          <FormField
            label={t('auth.login.emailLabel')}
            name="email"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('auth.login.emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <PasswordField
            label={t('auth.login.passwordLabel')}
            name="password"
            autoComplete="current-password"
            placeholder={t('auth.login.passwordPlaceholder')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </Section>
        <Link href={paths.forgotPassword} className="zv-forgot-link" data-testid="forgot-password-link">
          {t('auth.login.forgotLink')}
        </Link>
        {authError === 'invalid' && !error && !notice && (
          <Notice tone="info" testId="session-expired">
            {t('auth.login.sessionExpired')}
          </Notice>
        )}
        {authError === 'suspended' && !error && !notice && (
          <Notice tone="error" testId="account-suspended" title={t('identity.suspended.title')}>
            {t('identity.suspended.body')}
            <SupportContact />
          </Notice>
        )}
        {error && (
          <Notice tone="error" testId="auth-error">
            {/* The field accepts an email or a username, and so does this message. */}
            {error.messageKey === 'server.invalidCredentials'
              ? t('auth.login.invalidCredentials')
              : translateMessage(error)}
            {error.messageKey === 'identity.accountSuspended' && <SupportContact />}
          </Notice>
        )}
        <Button type="submit" size="l" stretched loading={loginMutation.isPending} disabled={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
