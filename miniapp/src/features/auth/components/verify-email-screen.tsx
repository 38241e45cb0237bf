import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import type { ServerText } from '@/i18n/server-message';
import { sessionStore } from '@/lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { loginErrorMessage } from '../utils/auth-errors';
import { useAuth } from './auth-provider';
import { AuthCard } from './auth-card';
import '../auth.css';

type Outcome = { kind: 'done'; text: ServerText } | { kind: 'failed'; text: ServerText | string };

/**
 * /verify-email?token=…: spends the mailed link once as the page opens (signed in or not) and
 * says how it went; signed in, the stored user and the account page learn the address is verified.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const translate = useTranslateIdentityMessage();
  const search = useSearch();
  const [, setLocation] = useLocation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [token] = useState(() => new URLSearchParams(search).get('token') ?? '');
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'failed', text: t('auth.verify.missingToken') },
  );
  const verify = useVerifyEmail({
    onSuccess: (text) => {
      const current = sessionStore.get();
      if (current) sessionStore.updateUser({ ...current.user, verified: true });
      void queryClient.invalidateQueries({ queryKey: ['settings', 'account'] });
      setOutcome({ kind: 'done', text });
    },
    onError: (failure) => setOutcome({ kind: 'failed', text: loginErrorMessage(failure) }),
  });
  // The link is spent once per page: a second call (a re-render, StrictMode) would be refused as used.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const next = user ? (
    <Button size="l" stretched onClick={() => setLocation(paths.settingsAccount)} data-testid="verify-next">
      {t('auth.verify.openAccount')}
    </Button>
  ) : (
    <Button size="l" stretched onClick={() => setLocation(paths.login)} data-testid="verify-next">
      {t('auth.verify.signIn')}
    </Button>
  );

  if (outcome?.kind === 'done') {
    return (
      <AuthCard title={t('auth.verify.doneTitle')} subtitle={translate(outcome.text)} footer={null}>
        <div data-testid="verify-email-done">{next}</div>
      </AuthCard>
    );
  }
  if (outcome?.kind === 'failed') {
    return (
      <AuthCard
        title={t('auth.verify.failedTitle')}
        subtitle={t('auth.verify.resendHint')}
        footer={user ? null : <Link href={paths.login}>{t('auth.forgot.backToLogin')}</Link>}
      >
        <Notice tone="error" testId="verify-email-failed">
          {translate(outcome.text)}
        </Notice>
        {user && next}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.verify.title')} subtitle={t('auth.verify.checking')} footer={null}>
      <div className="zv-auth__waiting" data-testid="verify-email-checking">
        <Spinner size="m" />
      </div>
    </AuthCard>
  );
}
