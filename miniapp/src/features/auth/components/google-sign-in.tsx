import { type ServerText } from '@/i18n/server-message';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Caption, Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { usePlatform } from '@/lib/platform/platform-provider';
import { useTheme } from '@/lib/theme/theme-provider';
import { useAuthConfig } from '../api/get-auth-config';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { googleErrorMessage } from '../utils/auth-errors';
import { signUpChoices } from '../utils/sign-up-choices';
import { googleInitReason, googleTokenProblem } from '../utils/google-token';
import { loadGoogleIdentity, type GoogleCredentialResponse } from '../utils/google-identity';
import { useAuth } from './auth-provider';
import '../auth.css';
import { specText, useServerText } from '@/i18n/server-text';

type Problem = { kind: 'init'; reason: string | null } | { kind: 'message'; text: ServerText | string };

const BUTTON_MIN_WIDTH = 200;
const BUTTON_MAX_WIDTH = 400;

/**
 * "Sign in with Google" (docs/spec.md §2, §8). The Google script is loaded only when the server has a
 * client id; without one there is no button (a server's setup is nothing the reader can act on). The ID token Google returns is
 * checked (docs/spec.md §5) and sent to POST /api/auth/google with the referral code, if any.
 */
export function GoogleSignIn({
  context,
  referralCode,
  onSignedIn,
}: {
  context: 'signin' | 'signup';
  referralCode: string | null;
  onSignedIn: (response: AuthResponse) => void;
}) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const translateMessage = useTranslateIdentityMessage();
  const { appearance } = useTheme();
  const { reportLoginFailure } = useAuth();
  const { platform } = usePlatform();
  const configQuery = useAuthConfig();
  // Google refuses its sign-in inside embedded web views such as Telegram's: offer it on the web only.
  const clientId = platform === 'telegram' ? null : (configQuery.data?.googleClientId ?? null);
  const buttonRef = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempt, setAttempt] = useState(0);

  const googleMutation = useSignInWithGoogle({
    onSuccess: onSignedIn,
    onError: (failure) => {
      reportLoginFailure('google_login');
      setProblem({ kind: 'message', text: googleErrorMessage(failure) });
    },
  });

  const onCredential = useCallback(
    (response: GoogleCredentialResponse | undefined) => {
      setProblem(null);
      if (!response || !('credential' in response)) {
        setProblem({ kind: 'message', text: serverText(specText('googleCancelled')) });
        return;
      }
      const tokenProblem = googleTokenProblem(response.credential);
      if (tokenProblem) {
        reportLoginFailure('google_login');
        setProblem({ kind: 'message', text: tokenProblem });
        return;
      }
      googleMutation.mutate({ token: response.credential!, referralCode, ...signUpChoices(i18n.language) });
    },
    [googleMutation, i18n.language, referralCode, reportLoginFailure, serverText],
  );
  const latestOnCredential = useRef(onCredential);
  useEffect(() => {
    latestOnCredential.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let isCancelled = false;
    setIsReady(false);
    loadGoogleIdentity()
      .then((google) => {
        if (isCancelled || !buttonRef.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => latestOnCredential.current(response),
          ux_mode: 'popup',
          context,
          cancel_on_tap_outside: true,
        });
        const width = Math.round(
          Math.min(BUTTON_MAX_WIDTH, Math.max(BUTTON_MIN_WIDTH, buttonRef.current.clientWidth || BUTTON_MAX_WIDTH)),
        );
        buttonRef.current.replaceChildren();
        google.renderButton(buttonRef.current, {
          type: 'standard',
          theme: appearance === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          shape: 'pill',
          text: context === 'signup' ? 'signup_with' : 'continue_with',
          logo_alignment: 'center',
          width,
          locale: i18n.language,
        });
        setIsReady(true);
      })
      .catch((error: unknown) => {
        if (!isCancelled) setProblem({ kind: 'init', reason: googleInitReason(error) });
      });
    return () => {
      isCancelled = true;
    };
  }, [clientId, context, appearance, i18n.language, attempt]);

  if (platform === 'telegram') return null;
  if (configQuery.isPending) return <div className="zv-google zv-google--pending" aria-hidden="true" />;
  // Not configured (or the configuration is unknown): no button.
  if (!clientId) return null;

  const problemText =
    problem?.kind === 'init'
      ? problem.reason
        ? t('identity.google.initFailedWithReason', { reason: problem.reason })
        : serverText(specText('googleInitFailed'))
      : problem
        ? translateMessage(problem.text)
        : null;

  return (
    <div className="zv-google" data-testid="google-sign-in">
      <div className="zv-google__slot" hidden={problem?.kind === 'init'}>
        <div ref={buttonRef} className="zv-google__button" aria-busy={!isReady} />
        {(!isReady || googleMutation.isPending) && problem?.kind !== 'init' && (
          <div className="zv-google__overlay">
            <Spinner size="s" />
            {googleMutation.isPending && <Caption level="1">{t('identity.google.signingIn')}</Caption>}
          </div>
        )}
      </div>
      {problemText && (
        <Notice tone="error" testId="google-error">
          {problemText}
          {problem?.kind === 'init' && (
            <div>
              <button
                type="button"
                className="zv-link-button zv-link-button--flush"
                onClick={() => {
                  setProblem(null);
                  setAttempt((value) => value + 1);
                }}
              >
                {t('identity.google.retry')}
              </button>
            </div>
          )}
        </Notice>
      )}
      <div className="zv-or" role="separator">
        <span>{t('identity.or')}</span>
      </div>
    </div>
  );
}
