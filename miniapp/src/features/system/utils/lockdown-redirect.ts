import type { Role } from '@ziver/shared/core';

export type LockdownInput = {
  /** The current path. */
  path: string;
  /** The last known switch: null until the first status check succeeded. */
  lockdownMode: boolean | null;
  auth: 'loading' | 'signed_in' | 'signed_out';
  role: Role | null;
};

const LOCKDOWN_PATH = '/lockdown';
/** Where a signed-out visitor may stay during maintenance, so that an admin can still sign in. */
const SIGN_IN_PATHS = new Set(['/login', '/register']);

function normalize(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Where lockdown sends the user now (docs/spec.md §4), or null to stay: while it is on, a signed-in user
 * who is not an ADMIN goes to /lockdown from any path, and so does a signed-out visitor except
 * on /login and /register (an admin must still be able to sign in); once it is off, anyone on
 * /lockdown goes back to '/'. An unknown status (first check pending or failed) moves no one.
 */
export function decideLockdownRedirect({ path, lockdownMode, auth, role }: LockdownInput): string | null {
  if (lockdownMode === null || auth === 'loading') return null;
  const current = normalize(path);
  const isOnLockdown = current === LOCKDOWN_PATH;
  if (!lockdownMode) return isOnLockdown ? '/' : null;
  if (isOnLockdown) return null;
  if (auth === 'signed_in') return role === 'ADMIN' ? null : LOCKDOWN_PATH;
  return SIGN_IN_PATHS.has(current) ? null : LOCKDOWN_PATH;
}

/**
 * Who sees the maintenance banner while lockdown is on (issue 38, items 10 and 16): an ADMIN
 * anywhere in the app and the console ('admin': users are locked out while it lasts), and a
 * signed-out visitor on /login and /register ('visitor': sign-up waits, sign-in is for admins).
 * Nobody on /lockdown (the page says it all), and nobody while the status is unknown.
 */
export function lockdownBannerFor({ path, lockdownMode, auth, role }: LockdownInput): 'admin' | 'visitor' | null {
  if (lockdownMode !== true || auth === 'loading') return null;
  const current = normalize(path);
  if (current === LOCKDOWN_PATH) return null;
  if (auth === 'signed_in') return role === 'ADMIN' ? 'admin' : null;
  return SIGN_IN_PATHS.has(current) ? 'visitor' : null;
}
