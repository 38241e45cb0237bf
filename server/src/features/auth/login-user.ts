import { AppError, SERVER_MESSAGES, type LoginRequest } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/db/schema.js';
import { findUserByLogin } from '../users/find-user.js';
import { verifyPassword } from './passwords.js';

/** Checks email (or username) and password; the same message for an unknown user and a wrong password. */
export async function loginUser(db: Db, input: LoginRequest): Promise<UserRow> {
  const user = await findUserByLogin(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', SERVER_MESSAGES.invalidCredentials);
  return user;
}
