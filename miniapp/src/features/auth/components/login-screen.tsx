import { type ServerText, keyOfShownText } from '@/i18n/server-message';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { AuthResponse } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { usePlatform } from '@/lib/platform/platform-provider';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useLoginToken } from '../hooks/use-login-token';
import { useTelegramSignIn } from '../hooks/use-telegram-sign-in';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { readSignInResult, type SignInMethod, type SignInResult } from '../utils/sign-in-result';
import { referralCodeFromSearch } from '../utils/validate-register';
import { useAuth } from './auth-provider';
import { LoginForm } from './login-form';
import { SupportContact } from './support-contact';
import { TwoFactorStep } from './two-factor-step';
import '../auth.css';
import { specText, useServerText } from '@/i18n/server-text';

type Step = { kind: 'form' } | { kind: 'two-factor'; challenge: string; method: SignInMethod };
type Problem = { text: ServerText | string; shouldReopen: boolean };

/** The login token of `/login?token=…`: undefined without the parameter, '' when it is empty. */
function loginTokenFromSearch(search: string): string | undefined {
  const params = new URLSearchParams(search);
  return params.has('token') ? (params.get('token') ?? '') : undefined;
}

function LoaderBox({ message }: { message?: string }) {
  return (
    <div className="zv-loader-box" data-testid="sign-in-loading">
      <InlineLoader message={message} />
    </div>
  );
}

function isFirstTime(seen: WeakSet<object>, outcome: object): boolean {
  if (seen.has(outcome)) return false;
  seen.add(outcome);
  return true;
}

/**
 * The /login page (docs/spec.md §2, §4): a token link is redeemed first; inside Telegram the user is
 * signed in with no form; otherwise Google and email + password. Any of them may lead to the
 * two-factor step before the session starts.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const translateMessage = useTranslateIdentityMessage();
  const search = useSearch();
  const [, setLocation] = useLocation();
  const { platform } = usePlatform();
  const { status, signIn, reportLoginFailure } = useAuth();
  const finishSignIn = useFinishSignIn();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [problem, setProblem] = useState<Problem | null>(null);

  const [loginToken] = useState(() => loginTokenFromSearch(search));
  const referralCode = referralCodeFromSearch(search);
  const tokenState = useLoginToken(loginToken);
  const isTelegramSignInEnabled = platform === 'telegram' && status === 'signed_out' && loginToken === undefined;
  const telegramState = useTelegramSignIn({ isEnabled: isTelegramSignInEnabled, searchReferralCode: referralCode });

  const handleResult = useCallback(
    (result: SignInResult, method: SignInMethod) => {
      setProblem(null);
      if (result.kind === 'two-factor') setStep({ kind: 'two-factor', challenge: result.challenge, method });
      else finishSignIn(result.session, { method, isNewUser: result.isNewUser });
    },
    [finishSignIn],
  );

  const handleResponse = useCallback(
    (response: AuthResponse, method: SignInMethod) => {
      let result: SignInResult;
      try {
        result = readSignInResult(response);
      } catch (error) {
        reportLoginFailure(method === 'google' ? 'google_login' : 'login');
        setProblem({
          text: error instanceof Error ? error.message : serverText(specText('loginFailed')),
          shouldReopen: false,
        });
        return;
      }
      handleResult(result, method);
    },
    [handleResult, reportLoginFailure, serverText],
  );

  // Each automatic outcome is acted on once, even if the handlers change identity afterwards.
  const handledOutcomes = useRef(new WeakSet<object>());

  useEffect(() => {
    if (tokenState.status !== 'done' && tokenState.status !== 'failed') return;
    if (!isFirstTime(handledOutcomes.current, tokenState)) return;
    if (tokenState.status === 'done') handleResult(tokenState.result, 'token');
    if (tokenState.status === 'failed') {
      reportLoginFailure('login');
      setProblem({ text: tokenState.message, shouldReopen: false });
      // The link's token is spent or bad: keep it out of the address bar and history.
      setLocation(paths.login, { replace: true });
    }
  }, [tokenState, handleResult, reportLoginFailure, setLocation]);

  useEffect(() => {
    if (telegramState.status === 'idle' || telegramState.status === 'running') return;
    if (!isFirstTime(handledOutcomes.current, telegramState)) return;
    // A restored session is the same sign-in going on: no welcome, the redirect below opens the app.
    if (telegramState.status === 'restored') signIn(telegramState.session);
    if (telegramState.status === 'done') handleResponse(telegramState.response, 'telegram');
    if (telegramState.status === 'failed') {
      reportLoginFailure('login');
      setProblem({ text: telegramState.message, shouldReopen: telegramState.shouldReopen });
    }
  }, [telegramState, handleResponse, reportLoginFailure, signIn]);

  if (tokenState.status === 'running') return <LoaderBox message={t('identity.signingIn')} />;
  if (platform === null && loginToken === undefined) return <LoaderBox />;
  if (platform === 'telegram' && step.kind === 'form') {
    if (status === 'signed_in' && loginToken === undefined) return <Redirect to={paths.mining} replace />;
    // 'idle' too: the sign-in starts in an effect, and the form must not flash before it.
    const isSigningIn =
      telegramState.status === 'running' ||
      telegramState.status === 'done' ||
      telegramState.status === 'restored' ||
      (telegramState.status === 'idle' && isTelegramSignInEnabled);
    if (status === 'loading' || isSigningIn) {
      return <LoaderBox message={t('identity.telegram.signingIn')} />;
    }
  }

  if (step.kind === 'two-factor') {
    return (
      <TwoFactorStep
        challenge={step.challenge}
        onVerified={(response) => handleResponse(response, step.method)}
        onFailed={() => reportLoginFailure(step.method === 'google' ? 'google_login' : 'login')}
        onBack={() => {
          setStep({ kind: 'form' });
          setProblem(null);
        }}
      />
    );
  }

  // The server's own Telegram messages already say to reopen the app; others get the hint.
  const saysReopen =
    keyOfShownText(problem?.text) === 'identity.telegramDataInvalid' ||
    keyOfShownText(problem?.text) === 'identity.telegramDataExpired';
  const notice = problem && (
    <Notice
      tone="error"
      testId="sign-in-problem"
      title={problem.shouldReopen ? t('identity.telegram.failedTitle') : undefined}
    >
      {translateMessage(problem.text)}
      {keyOfShownText(problem.text) === 'identity.accountSuspended' && <SupportContact />}
      {problem.shouldReopen && !saysReopen && <div className="zv-muted">{t('identity.telegram.reopenHint')}</div>}
      {problem.shouldReopen && (
        <div>
          <button
            type="button"
            className="zv-link-button zv-link-button--flush"
            onClick={() => window.location.reload()}
          >
            {t('identity.telegram.reload')}
          </button>
        </div>
      )}
    </Notice>
  );

  return <LoginForm referralCode={referralCode} notice={notice} onSignedIn={handleResponse} />;
}
