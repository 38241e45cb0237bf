import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { pushSubscriptions } from '../../platform/db/schema.js';

/**
 * Stores this device's subscription for the account: one row per endpoint, so a device that
 * subscribes again (new keys) or under another account moves its one row. Answers the account's devices.
 */
export async function savePushSubscription(
  db: Db,
  input: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<number> {
  await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth },
    });
  return countPushDevices(db, input.userId);
}

/** Removes the account's subscription of this endpoint (none: nothing happens). Answers the devices left. */
export async function removePushSubscription(db: Db, input: { userId: string; endpoint: string }): Promise<number> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, input.userId), eq(pushSubscriptions.endpoint, input.endpoint)));
  return countPushDevices(db, input.userId);
}

/** Whether this endpoint is subscribed for the account (the device asking is one of its devices). */
export async function hasPushSubscription(db: Db, input: { userId: string; endpoint: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, input.userId), eq(pushSubscriptions.endpoint, input.endpoint)));
  return row !== undefined;
}

/** A subscription the push service answered 404/410 for: gone, so removed. */
export async function forgetPushSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

export async function countPushDevices(db: Db, userId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(userId === undefined ? undefined : eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}
