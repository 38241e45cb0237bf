import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Looks a user up by email, or by username (case-insensitive) when the input has no '@'. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const condition = value.includes('@') ? eq(users.email, value) : sql`lower(${users.username}) = ${value}`;
  const [row] = await db.select().from(users).where(condition).limit(1);
  return row;
}
