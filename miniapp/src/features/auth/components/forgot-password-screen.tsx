import { useState, type FormEvent } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import type { ServerText } from '@/i18n/server-message';
import { useForgotPassword } from '../api/forgot-password';
import { useAuthConfig } from '../api/get-auth-config';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { loginErrorMessage } from '../utils/auth-errors';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import '../auth.css';

/**
 * /forgot-password: the account's email; the server answers the same whether or not it has an
 * account, and so does this page ("if an account can be reset…"). With a bot, accounts connected
 * to Telegram are pointed at its /reset, which sends the link in the bot's chat.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const translate = useTranslateIdentityMessage();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<ServerText | null>(null);
  const [error, setError] = useState<ServerText | null>(null);
  const bot = useAuthConfig().data?.telegramBotUsername ?? null;
  const request = useForgotPassword({
    onSuccess: (answer) => setSent(answer),
    onError: (failure) => setError(loginErrorMessage(failure)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!request.isPending) request.mutate({ email: email.trim() });
  };

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={<Link href={paths.login}>{t('auth.forgot.backToLogin')}</Link>}
    >
      {sent ? (
        <Notice tone="success" testId="forgot-sent" title={t('auth.forgot.sentTitle')}>
          {translate(sent)}
        </Notice>
      ) : (
        <form onSubmit={onSubmit} noValidate className="zv-form">
          <Section className="zv-section">
            <FormField
              label={t('auth.forgot.emailLabel')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('auth.login.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </Section>
          {error && (
            <Notice tone="error" testId="auth-error">
              {translate(error)}
            </Notice>
          )}
          <Button type="submit" size="l" stretched loading={request.isPending} disabled={!email.trim()}>
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      {bot && (
        <p className="zv-muted" data-testid="forgot-telegram">
          {t('auth.forgot.telegramHint')}{' '}
          <a href={`https://t.me/${encodeURIComponent(bot)}`} target="_blank" rel="noreferrer">
            {t('auth.forgot.telegramOpen', { bot })}
          </a>
        </p>
      )}
    </AuthCard>
  );
}
