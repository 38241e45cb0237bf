import { useState, type FormEvent } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Notice } from '@/components/notice';
import { NewPasswordFields } from '@/components/new-password-fields';
import { paths } from '@/config/paths';
import type { ServerText } from '@/i18n/server-message';
import { isApiError } from '@/lib/api-client';
import { validatePasswordForm, type PasswordFormErrors } from '@/lib/password-form';
import { useResetPassword } from '../api/reset-password';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { loginErrorMessage } from '../utils/auth-errors';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import '../auth.css';

/** Refusals that mean the link itself is dead: the form goes, a way to a new link stays. */
const DEAD_LINK = new Set([
  'PASSWORD_RESET_TOKEN_INVALID',
  'PASSWORD_RESET_TOKEN_EXPIRED',
  'PASSWORD_RESET_TOKEN_USED',
]);

type Outcome = { kind: 'done'; text: ServerText } | { kind: 'dead'; text: ServerText | string };

/**
 * /reset-password?token=…: the new password twice with the change-password rule and strength
 * meter; a 2FA account is asked for its code when the server says so. Every session ends.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const translate = useTranslateIdentityMessage();
  const search = useSearch();
  const [, setLocation] = useLocation();
  const [token] = useState(() => new URLSearchParams(search).get('token') ?? '');
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [errors, setErrors] = useState<PasswordFormErrors>({});
  const [problem, setProblem] = useState<ServerText | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'dead', text: t('auth.reset.missingToken') },
  );
  const reset = useResetPassword({
    onSuccess: (text) => setOutcome({ kind: 'done', text }),
    onError: (failure) => {
      if (isApiError(failure) && DEAD_LINK.has(failure.code)) {
        setOutcome({ kind: 'dead', text: loginErrorMessage(failure) });
        return;
      }
      if (isApiError(failure) && failure.code === 'TWO_FACTOR_CODE_REQUIRED') setNeedsCode(true);
      setProblem(loginErrorMessage(failure));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePasswordForm({ currentPassword: '', ...values }, { hasPassword: false });
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0 || reset.isPending) return;
    reset.mutate({ token, password: values.newPassword, ...(code.trim() ? { code: code.trim() } : {}) });
  };
  const update = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: keyof PasswordFormErrors) => (errors[field] ? translate(errors[field]) : undefined);

  const footer = <Link href={paths.login}>{t('auth.forgot.backToLogin')}</Link>;
  if (outcome?.kind === 'done') {
    return (
      <AuthCard title={t('auth.reset.doneTitle')} subtitle={translate(outcome.text)} footer={null}>
        <Button size="l" stretched onClick={() => setLocation(paths.login)} data-testid="reset-sign-in">
          {t('auth.login.submit')}
        </Button>
      </AuthCard>
    );
  }
  if (outcome?.kind === 'dead') {
    return (
      <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={footer}>
        <Notice tone="error" testId="reset-link-dead">
          {translate(outcome.text)}
          <div>
            <Link href={paths.forgotPassword}>{t('auth.reset.requestNew')}</Link>
          </div>
        </Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={footer}>
      <form onSubmit={onSubmit} noValidate className="zv-form" data-testid="reset-password-form">
        <Section className="zv-section">
          <NewPasswordFields values={values} onChange={update} errorOf={errorOf} />
          {needsCode && (
            <FormField
              label={t('auth.reset.codeLabel')}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={14}
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
          <p className="zv-form-hint">{t('settings.security.password.rule')}</p>
        </Section>
        {problem && (
          <Notice tone="error" testId="auth-error">
            {translate(problem)}
          </Notice>
        )}
        <Button
          type="submit"
          size="l"
          stretched
          loading={reset.isPending}
          disabled={!values.newPassword || !values.confirmPassword || (needsCode && !code.trim())}
          data-testid="reset-password-submit"
        >
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
