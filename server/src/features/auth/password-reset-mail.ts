import type { Db } from '../../platform/db/client.js';

/**
 * The one place password-reset mail leaves from: both mails go into the outbox in the caller's
 * transaction (a rolled-back reset sends nothing; a committed one is delivered once).
 */
export async function enqueuePasswordResetMail(
  _tx: Db,
  _mail: { userId: string; tokenId: string; url: string },
): Promise<void> {
  // Filled by the outbox's enqueueMail once branch `outbox` is merged.
}

/** "Your password was changed", only for accounts whose security-mail toggle is on. */
export async function enqueuePasswordChangedMail(
  _tx: Db,
  _mail: { userId: string; passwordVersion: number; isSecurityMailOn: boolean },
): Promise<void> {
  // Filled by the outbox's enqueueMail once branch `outbox` is merged.
}
