import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { flashMessages } from '@/lib/flash-message';
import type { Session } from '@/lib/session';
import { useAuth } from '../components/auth-provider';
import { destinationAfterSignIn, type SignInMethod } from '../utils/sign-in-result';

/** History state that asks /profile/setup to show the first-sign-in welcome (docs/spec.md §2). */
export type ProfileSetupState = { showWelcome: true };

/**
 * Stores a new session and opens its destination (docs/spec.md §2): /mining, or /profile/setup with the
 * welcome after a first Google or Telegram sign-in; a returning one gets a welcome back.
 */
export function useFinishSignIn() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const [, setLocation] = useLocation();
  return useCallback(
    (session: Session, { method, isNewUser }: { method: SignInMethod; isNewUser: boolean }) => {
      signIn(session);
      const destination = destinationAfterSignIn({ method, isNewUser });
      if (destination.welcome === 'back') {
        flashMessages.show(t('identity.welcomeBack', { username: session.user.username }), 'success');
      }
      const state: ProfileSetupState | undefined = destination.welcome === 'new' ? { showWelcome: true } : undefined;
      setLocation(destination.path, { replace: true, state });
    },
    [signIn, setLocation, t],
  );
}
