import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { telegramWebhookUpdates } from '../../platform/db/schema.js';

/** How long an update_id is remembered; Telegram stops re-delivering an update long before. */
export const WEBHOOK_UPDATE_MEMORY_HOURS = 24;
/** One claim in this many also deletes the expired rows (cheap: an index range). */
const CLEANUP_EVERY = 200;

/**
 * Records that an update_id is being handled; false when it already was (by this or another
 * instance on the same database). The primary key makes concurrent deliveries race safely:
 * exactly one insert wins. One claimer per bot (start-telegram.ts): it counts its claims.
 */
export type WebhookUpdateClaimer = (options: { updateId: number }) => Promise<boolean>;

export function createWebhookUpdateClaimer(db: Db): WebhookUpdateClaimer {
  let claimsSinceCleanup = 0;
  return async (options) => {
    const inserted = await db
      .insert(telegramWebhookUpdates)
      .values({ updateId: options.updateId })
      .onConflictDoNothing()
      .returning({ updateId: telegramWebhookUpdates.updateId });
    if (++claimsSinceCleanup >= CLEANUP_EVERY) {
      claimsSinceCleanup = 0;
      await db
        .delete(telegramWebhookUpdates)
        .where(
          lt(telegramWebhookUpdates.receivedAt, sql`now() - make_interval(hours => ${WEBHOOK_UPDATE_MEMORY_HOURS})`),
        );
    }
    return inserted.length === 1;
  };
}
