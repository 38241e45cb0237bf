import { useCallback, useState } from 'react';
import type { AuthResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { readSignInResult } from '../utils/sign-in-result';
import { useAuth } from './auth-provider';
import { RegisterForm } from './register-form';
import { TwoFactorStep } from './two-factor-step';

/** The /register page: the form, or the 2FA step when Google signs in an account that has 2FA on. */
export function RegisterScreen() {
  const translateMessage = useTranslateIdentityMessage();
  const finishSignIn = useFinishSignIn();
  const { reportLoginFailure } = useAuth();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onGoogleResponse = useCallback(
    (response: AuthResponse) => {
      try {
        const result = readSignInResult(response);
        if (result.kind === 'two-factor') setChallenge(result.challenge);
        else finishSignIn(result.session, { method: 'google', isNewUser: result.isNewUser });
      } catch (error) {
        reportLoginFailure('google_login');
        setProblem(error instanceof Error ? error.message : null);
      }
    },
    [finishSignIn, reportLoginFailure],
  );

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onVerified={onGoogleResponse}
        onFailed={() => reportLoginFailure('google_login')}
        onBack={() => setChallenge(null)}
      />
    );
  }
  return (
    <>
      {problem && (
        <Notice tone="error" testId="sign-in-problem">
          {translateMessage(problem)}
        </Notice>
      )}
      <RegisterForm onGoogleSignedIn={onGoogleResponse} />
    </>
  );
}
