import type { AppDeps } from '../../platform/deps.js';
import type { SignInObserver } from '../auth/sign-up-hooks.js';
import { recomputeIntegrity } from './recompute-integrity.js';
import { recordSignInSignal } from './record-sign-in-signal.js';

/**
 * The integrity feature's observer of sign-ins (wired in app.ts): records the signal, and on a
 * sign-up scores the new account at once (its rings wait for the periodic run).
 */
export function createSignInSignals(deps: Pick<AppDeps, 'database'>): SignInObserver {
  const { db } = deps.database;
  return async (event) => {
    await recordSignInSignal(db, event);
    if (event.isNewUser) await recomputeIntegrity(db, { onlyUsers: [event.user.id] });
  };
}
