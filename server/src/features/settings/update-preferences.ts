import { eq } from 'drizzle-orm';
import type { Language, Theme, UpdateDisplayRequest, UpdateNotificationsRequest } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';

export async function updateTheme(db: Db, options: { userId: string; theme: Theme }): Promise<UserRow> {
  const [row] = await db.update(users).set({ theme: options.theme }).where(eq(users.id, options.userId)).returning();
  return row!;
}

export async function updateLanguage(db: Db, options: { userId: string; language: Language }): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ language: options.language })
    .where(eq(users.id, options.userId))
    .returning();
  return row!;
}

/** Updates the toggles that were sent; the others keep their value. */
export async function updateNotifications(
  db: Db,
  options: { userId: string; changes: UpdateNotificationsRequest },
): Promise<UserRow> {
  const { email, push, marketing, security, hideFromBoards } = options.changes;
  const [row] = await db
    .update(users)
    .set({
      ...(email !== undefined && { notifyEmail: email }),
      ...(push !== undefined && { notifyPush: push }),
      ...(marketing !== undefined && { notifyMarketing: marketing }),
      ...(security !== undefined && { notifySecurity: security }),
      ...(hideFromBoards !== undefined && { hideFromBoards }),
    })
    .where(eq(users.id, options.userId))
    .returning();
  return row!;
}

/** Updates the display toggles that were sent (Reduced Motion, High Contrast, Large Text). */
export async function updateDisplay(
  db: Db,
  options: { userId: string; changes: UpdateDisplayRequest },
): Promise<UserRow> {
  const { reducedMotion, highContrast, largeText } = options.changes;
  const [row] = await db
    .update(users)
    .set({
      ...(reducedMotion !== undefined && { displayReducedMotion: reducedMotion }),
      ...(highContrast !== undefined && { displayHighContrast: highContrast }),
      ...(largeText !== undefined && { displayLargeText: largeText }),
    })
    .where(eq(users.id, options.userId))
    .returning();
  return row!;
}
