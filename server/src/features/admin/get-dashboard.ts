import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  dashboardDaySchema,
  roundAmount,
  type DashboardDay,
  type DashboardRange,
  type DashboardResponse,
} from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { referralFunnel } from './dashboard-funnel.js';
import { NOTIFICATION_SOURCES, notificationQueues, type NotificationSource } from './dashboard-notifications.js';
import { cohortRetention, retainedPerDay, retentionStart } from './dashboard-retention.js';
import { countLinkedWallets } from '../wallet/present-wallet.js';
import { integrityFigures } from '../integrity/integrity-figures.js';

const DAY_MS = 86_400_000;
/**
 * A UTC day is closed (its figures stored once in admin_dashboard_days) this long after it ends:
 * heartbeats are buffered up to PRESENCE_FLUSH_SECONDS (≤ 5 minutes) and a transaction stamps
 * created_at when it starts, so an hour leaves room for both.
 */
export const DASHBOARD_CLOSE_AFTER_MS = 3_600_000;

/**
 * What is stored per closed day. users_total is the count when the day was closed (a user deleted
 * later still counts there); users_blocked is always read live (users unblock the bot).
 */
const storedDaySchema = dashboardDaySchema.omit({ day: true, users_blocked: true });
type StoredDay = z.infer<typeof storedDaySchema>;

type Row = Record<string, unknown>;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const addDays = (day: string, n: number) => dayOf(new Date(startOf(day).getTime() + n * DAY_MS));
const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** `select to_char(<col> at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)` per day in [from, to). */
async function countPerDay(db: Db, table: string, column: string, from: Date, to: Date) {
  const col = sql.identifier(column);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select to_char(${col} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from ${sql.identifier(table)}
      where ${col} >= ${iso(from)} and ${col} < ${iso(to)}
      group by 1`),
  );
  return new Map(rows.map((r) => [String(r.day), Number(r.n)]));
}

/**
 * The stored figures of the days in [fromDay, toDay] (inclusive), each computed by one grouped
 * query per source over the whole span: every query reads an index on its timestamp (the ledger a
 * BRIN index), so the cost follows the rows of those days, not the size of the tables.
 */
export async function computeDashboardDays(
  db: Db,
  fromDay: string,
  toDay: string,
  options: {
    /** Users at the end of the day before `fromDay`, when known (else counted: an index-only scan). */
    usersBefore?: number;
    sources?: readonly NotificationSource[];
  } = {},
): Promise<Map<string, StoredDay>> {
  const from = startOf(fromDay);
  const to = startOf(addDays(toDay, 1));
  const usersBefore =
    options.usersBefore ??
    Number(
      rowsOf<Row>(await db.execute(sql`select count(*)::int as n from users where created_at < ${iso(from)}`))[0]?.n ??
        0,
    );
  const sources = options.sources ?? NOTIFICATION_SOURCES;
  const [retained, newUsers, referrals, active, ledger, ...sent] = await Promise.all([
    retainedPerDay(db, from, to),
    countPerDay(db, 'users', 'created_at', from, to),
    countPerDay(db, 'referrals', 'created_at', from, to),
    db
      .execute(
        sql`select day::text as day, count(*)::int as n from user_activity_days
            where day >= ${fromDay}::date and day <= ${toDay}::date group by day`,
      )
      .then((r) => new Map(rowsOf<Row>(r).map((row) => [String(row.day), Number(row.n)]))),
    db
      .execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, type, currency,
                   sum(amount)::text as amount, count(*)::int as entries
            from transactions
            where created_at >= ${iso(from)} and created_at < ${iso(to)}
            group by 1, 2, 3
            order by 1, 2, 3`,
      )
      .then(rowsOf),
    ...sources.map((source) => source.sentPerDay(db, from, to)),
  ]);
  const days = new Map<string, StoredDay>();
  let total = usersBefore;
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    total += newUsers.get(day) ?? 0;
    days.set(day, {
      users_total: total,
      users_new: newUsers.get(day) ?? 0,
      users_active: active.get(day) ?? 0,
      mining_claims: 0,
      referrals: referrals.get(day) ?? 0,
      notifications_sent: sent.reduce((sum, perDay) => sum + (perDay.get(day) ?? 0), 0),
      retained_d1: retained(day, 1),
      retained_d7: retained(day, 7),
      retained_d30: retained(day, 30),
      ledger: [],
    });
  }
  for (const row of ledger) {
    const figures = days.get(String(row.day));
    if (!figures) continue;
    const entry = {
      type: String(row.type),
      currency: row.currency as 'ZP' | 'SEB',
      amount: roundAmount(Number(row.amount)),
      entries: Number(row.entries),
    };
    figures.ledger.push(entry);
    // Every claim posts exactly one mining_reward ZP entry (its reward is never 0), in the same
    // statement as the claim: counting them needs no index on mining_sessions.claimed_at.
    if (entry.type === 'mining_reward' && entry.currency === 'ZP') figures.mining_claims = entry.entries;
  }
  return days;
}

/**
 * GET /api/admin/dashboard: the figures of the last `days` UTC days (today last, still counting),
 * the notification queues now, the sign-up retention and the referral funnel. Closed days come
 * from admin_dashboard_days; the ones missing there are computed once and stored; open days
 * (today, and yesterday for its first hour) are computed on every call. The days read reach back
 * to the oldest retention cohort when that is before the range (≤ 56 days).
 */
export async function getDashboard(
  db: Db,
  options: { days: DashboardRange; now?: Date },
): Promise<Omit<DashboardResponse, 'success'>> {
  const now = options.now ?? new Date();
  const today = dayOf(now);
  const firstDay = addDays(today, 1 - options.days);
  const cohortsFrom = retentionStart(today);
  const loadFrom = cohortsFrom < firstDay ? cohortsFrom : firstDay;
  // The last closed day: the one that ended at least DASHBOARD_CLOSE_AFTER_MS ago.
  const lastClosed = addDays(dayOf(new Date(now.getTime() - DASHBOARD_CLOSE_AFTER_MS)), -1);

  const stored = new Map<string, StoredDay>();
  if (lastClosed >= addDays(loadFrom, -1)) {
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select day::text as day, figures from admin_dashboard_days
        where day >= ${addDays(loadFrom, -1)}::date and day <= ${lastClosed}::date`),
    );
    for (const row of rows) {
      const parsed = storedDaySchema.safeParse(row.figures);
      // A row from an older shape is recomputed (and replaced) like a missing one.
      if (parsed.success) stored.set(String(row.day), parsed.data);
    }
  }

  // Everything from the first closed day not stored yet to today, in one computation.
  let computeFrom: string | undefined;
  for (let day = loadFrom; day <= today; day = addDays(day, 1)) {
    if (day > lastClosed || !stored.has(day)) {
      computeFrom = day;
      break;
    }
  }
  // The day before supplies the running total of users when it is stored (a warm call counts none).
  const computed = computeFrom
    ? await computeDashboardDays(db, computeFrom, today, {
        usersBefore: stored.get(addDays(computeFrom, -1))?.users_total,
      })
    : new Map<string, StoredDay>();
  const toStore = [...computed].filter(([day]) => day <= lastClosed && !stored.has(day));
  if (toStore.length > 0) {
    const values = sql.join(
      toStore.map(([day, figures]) => sql`(${day}::date, ${JSON.stringify(figures)}::jsonb)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into admin_dashboard_days (day, figures) values ${values}
      on conflict (day) do update set figures = excluded.figures, computed_at = now()`);
  }

  const [blockedRows, queues, [blockedNow], funnel, walletsLinked, integrity] = await Promise.all([
    // Users who blocked the bot and still do, by the day they blocked it (a small partial index).
    db
      .execute(
        sql`select to_char(telegram_blocked_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
            from users where telegram_blocked_at >= ${iso(startOf(firstDay))} group by 1`,
      )
      .then(rowsOf),
    notificationQueues(db, now),
    db.execute(sql`select count(*)::int as n from users where telegram_blocked_at is not null`).then(rowsOf),
    referralFunnel(db, startOf(firstDay)),
    countLinkedWallets(db),
    integrityFigures(db, startOf(firstDay)),
  ]);
  const blocked = new Map(blockedRows.map((r) => [String(r.day), Number(r.n)]));

  const series: DashboardDay[] = [];
  for (let day = firstDay; day <= today; day = addDays(day, 1)) {
    const figures = stored.get(day) ?? computed.get(day);
    if (!figures) throw new Error(`dashboard: no figures for ${day}`);
    series.push({ day, users_blocked: blocked.get(day) ?? 0, ...figures });
  }
  return {
    days: options.days,
    generated_at: now.toISOString(),
    series,
    notifications: { queues, blocked_users: Number(blockedNow?.n ?? 0) },
    retention: cohortRetention((day) => stored.get(day) ?? computed.get(day), today),
    referral_funnel: funnel,
    wallets: { linked: walletsLinked },
    integrity,
  };
}
