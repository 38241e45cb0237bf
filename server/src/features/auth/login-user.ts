import { AppError, type LoginRequest } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/db/schema.js';
import { findUserByLogin } from '../users/find-user.js';
import { verifyPassword } from './passwords.js';

/**
 * Checks email (or username) and password; the same message for an unknown user and a wrong
 * password. `isLockedOut` (the account's login limit is spent): only the right password of an
 * account with 2FA passes, to its second step; everything else gets the rate-limit answer.
 */
export async function loginUser(
  db: Db,
  input: LoginRequest,
  options: { isLockedOut?: boolean } = {},
): Promise<UserRow> {
  const user = await findUserByLogin(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (options.isLockedOut && !(user?.twoFactorEnabled && isValid)) {
    throw new AppError('RATE_LIMITED', 'server.rateLimited');
  }
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', 'server.invalidCredentials');
  return user;
}
