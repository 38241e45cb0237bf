import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditLogQuery } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { adminAuditLog, feedback, users, type AdminAuditLogRow } from '../../platform/db/schema.js';

export type AuditLogView = AdminAuditLogRow & {
  adminUsername: string | null;
  targetUser: { id: string; username: string } | null;
};

const DAY_MS = 86_400_000;

/** The id of the user a filter names: a user id as given, else the username's (any case, "@" ignored). */
function personId(person: string): SQL {
  if (isUuid(person)) return sql`${person}::uuid`;
  const username = person.replace(/^@/, '');
  return sql`(SELECT ${users.id} FROM ${users} WHERE lower(${users.username}) = lower(${username}))`;
}

/**
 * The filters, on the log's own columns only (so the count needs no join): the actor by
 * admin_id; the target by target_id (a user, feedback, task or announcement id) or, for a user,
 * also the feedback they sent; days as half-open UTC ranges on created_at.
 */
function conditionsOf(query: AuditLogQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.actor) conditions.push(sql`${adminAuditLog.adminId} = ${personId(query.actor)}`);
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.target) {
    const userId = personId(query.target);
    conditions.push(
      or(
        isUuid(query.target) ? eq(adminAuditLog.targetId, query.target.toLowerCase()) : undefined,
        and(eq(adminAuditLog.targetType, 'user'), sql`${adminAuditLog.targetId} = (${userId})::text`),
        and(
          eq(adminAuditLog.targetType, 'feedback'),
          sql`${adminAuditLog.targetId} IN (SELECT ${feedback.id}::text FROM ${feedback} WHERE ${feedback.userId} = ${userId})`,
        ),
      ),
    );
  }
  if (query.from) conditions.push(gte(adminAuditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(adminAuditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  return and(...conditions);
}

const actor = alias(users, 'actor');
const targetUser = alias(users, 'target_user');
// A target_id is only cast where its type says it is a uuid (CASE guards the cast).
const feedbackTargetId = sql`CASE WHEN ${adminAuditLog.targetType} = 'feedback' THEN ${adminAuditLog.targetId}::uuid END`;
const userTargetId = sql`CASE WHEN ${adminAuditLog.targetType} = 'user' THEN ${adminAuditLog.targetId}::uuid END`;

/**
 * One page of the audit log, newest first, with the actor's current username and the user the
 * action was about (the target user, or a feedback's author).
 */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<{ entries: AuditLogView[]; total: number }> {
  const where = conditionsOf(query);
  const rows = await db
    .select({
      entry: adminAuditLog,
      adminUsername: actor.username,
      targetUserId: targetUser.id,
      targetUsername: targetUser.username,
    })
    .from(adminAuditLog)
    .leftJoin(actor, eq(actor.id, adminAuditLog.adminId))
    .leftJoin(feedback, sql`${feedback.id} = ${feedbackTargetId}`)
    .leftJoin(targetUser, sql`${targetUser.id} = coalesce(${userTargetId}, ${feedback.userId})`)
    .where(where)
    .orderBy(desc(adminAuditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(adminAuditLog).where(where);
  return {
    entries: rows.map((r) => ({
      ...r.entry,
      adminUsername: r.adminUsername,
      targetUser:
        r.targetUserId && r.targetUsername !== null ? { id: r.targetUserId, username: r.targetUsername } : null,
    })),
    total: total?.n ?? 0,
  };
}
