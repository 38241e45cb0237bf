import { useState, type FormEvent } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { Notice } from '@/components/notice';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../utils/auth-errors';
import { toSession } from '../utils/to-session';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-provider';
import { FormField, PasswordField } from './form-field';

/** Email (or username) and password sign-in; success opens the mining screen. */
export function LoginForm() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const [, setLocation] = useLocation();
  const { signIn, reportLoginFailure, error: authError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const loginMutation = useLogin({
    onSuccess: (response) => {
      try {
        signIn(toSession(response));
      } catch (failure) {
        reportLoginFailure('login');
        setError(loginErrorMessage(failure));
        return;
      }
      setLocation(paths.mining);
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
        </>
      }
    >
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
        {authError === 'invalid' && !error && (
          <Notice tone="info" testId="session-expired">
            {t('auth.login.sessionExpired')}
          </Notice>
        )}
        {error && (
          <Notice tone="error" testId="auth-error">
            {translateMessage(error)}
          </Notice>
        )}
        <Button type="submit" size="l" stretched loading={loginMutation.isPending} disabled={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
