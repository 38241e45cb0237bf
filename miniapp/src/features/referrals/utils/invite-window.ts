import { REFERRAL_APPLY_WINDOW_DAYS } from '@ziver/shared/core';

/** Whether the user joined recently enough to still take a referrer (the server's apply window). */
export function isWithinInviteWindow(createdAt: string | null | undefined, now: number = Date.now()): boolean {
  if (!createdAt) return false;
  const joined = Date.parse(createdAt);
  if (Number.isNaN(joined)) return false;
  return now - joined <= REFERRAL_APPLY_WINDOW_DAYS * 86_400_000;
}

const DISMISSED_KEY = 'ziver-invited-dismissed';

/** Whether this user closed the "Were you invited?" card ("Not now"); remembered on this device. */
export function isInviteDismissed(storage: Storage, userId: string): boolean {
  try {
    return storage.getItem(`${DISMISSED_KEY}:${userId}`) === '1';
  } catch {
    return false;
  }
}

export function rememberInviteDismissed(storage: Storage, userId: string): void {
  try {
    storage.setItem(`${DISMISSED_KEY}:${userId}`, '1');
  } catch {
    // Blocked storage: the card comes back next time, which is harmless.
  }
}
