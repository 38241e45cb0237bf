import { AppError, classifyVerificationCode, TWO_FACTOR_MAX_ATTEMPTS } from '@ziver/shared';
import { createSession, type SignInMethod } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/db/schema.js';
import { findUserById } from '../users/find-user.js';
import type { ClientInfo } from './begin-sign-in.js';
import { consumeChallenge, reserveTwoFactorAttempt } from './challenges.js';
import { acceptSecondFactor } from './two-factor.js';

const challengeInvalid = () => new AppError('TWO_FACTOR_CHALLENGE_INVALID', 'identity.twoFactorChallengeInvalid');

/**
 * The second step of a sign-in: the challenge token from the first step plus a TOTP code or a
 * backup code. Each try spends one of the challenge's 5 attempts (taken before the code is
 * checked, so parallel guesses cannot exceed them); the challenge dies after 10 minutes, after
 * the 5th wrong code, or once used.
 */
export async function verifyTwoFactorSignIn(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'jwtExpiresInHours' | 'encryptionKey'>,
  options: { challengeToken: string; verificationCode: string; client: ClientInfo },
): Promise<{ token: string; user: UserRow; method: SignInMethod }> {
  const code = classifyVerificationCode(options.verificationCode);
  if (!code) throw new AppError('VALIDATION_FAILED', 'spec.invalidTwoFactorCode');

  const challenge = await reserveTwoFactorAttempt(db, options.challengeToken);
  if (!challenge) throw challengeInvalid();
  const user = await findUserById(db, challenge.userId);
  if (!user?.twoFactorEnabled) {
    // 2FA was turned off since the first step: that sign-in must start again.
    await consumeChallenge(db, challenge.id);
    throw challengeInvalid();
  }

  const check = await acceptSecondFactor(db, { user, key: config.encryptionKey, kind: code.kind, code: code.code });
  if (check !== 'accepted') {
    const left = TWO_FACTOR_MAX_ATTEMPTS - challenge.attempts;
    const reason =
      check === 'reused'
        ? 'twoFactorCodeReused'
        : code.kind === 'backup'
          ? 'backupCodeInvalid'
          : 'twoFactorCodeInvalid';
    // A replayed code has its own code, so clients can say to wait for the next one.
    const errorCode = check === 'reused' ? 'TWO_FACTOR_CODE_REUSED' : 'INVALID_TWO_FACTOR_CODE';
    if (left > 0) throw new AppError(errorCode, `server.${reason}AttemptsLeft`, { count: left });
    throw new AppError(errorCode, `server.${reason}SignInAgain`);
  }

  if (!(await consumeChallenge(db, challenge.id))) throw challengeInvalid();
  // The version the first step proved: a password change since then leaves this session stale.
  const provenVersion = challenge.payload.passwordVersion;
  const { token } = await createSession(db, config, {
    userId: user.id,
    method: challenge.method,
    passwordVersion: typeof provenVersion === 'number' ? provenVersion : user.passwordVersion,
    ...options.client,
  });
  return { token, user: (await findUserById(db, user.id)) ?? user, method: challenge.method };
}
