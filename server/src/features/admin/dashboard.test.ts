import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dashboardResponseSchema, type DashboardDay } from '@ziver/shared';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { DASHBOARD_CLOSE_AFTER_MS, getDashboard } from './get-dashboard.js';
import { rowsOf } from '../../platform/db/client.js';

/**
 * GET /api/admin/dashboard on hand-seeded data whose every figure is known: users (some before
 * the range), active days, mining cycles (claimed, notified, failed, pending), ledger entries of
 * several types, referrals and a user who blocked the bot. Dates are UTC days relative to today
 * (D); "today" rows are stamped now() so they are never in the future.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
const today = new Date().toISOString().slice(0, 10);
const dayAt = (offset: number, time = '12:00:00') =>
  `${new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)}T${time}Z`;
const day = (offset: number) => dayAt(offset).slice(0, 10);
const ids: Record<'u1' | 'u2' | 'u3' | 'u4', string> = { u1: '', u2: '', u3: '', u4: '' };

const exec = (query: ReturnType<typeof sql>) => server.database.db.execute(query);
const ledger = (user: string, type: string, currency: string, amount: number, at: string | 'now') =>
  exec(sql`insert into transactions (user_id, type, currency, amount, description, created_at)
           values (${user}, ${type}, ${currency}, ${amount}, 'seeded',
                   ${at === 'now' ? sql`now()` : sql`${at}::timestamptz`})`);
/** A cycle and its Telegram notice in the outbox (due at the cycle's end). */
const cycle = (user: string, fields: { endsAt: string; claimedAt?: string; status: string; notifiedAt?: string }) =>
  exec(sql`with s as (
             insert into mining_sessions (user_id, started_at, ends_at, reward, claimed_at, notices_queued_at)
             values (${user}, ${fields.endsAt}::timestamptz - interval '4 hours', ${fields.endsAt}::timestamptz, 10,
                     ${fields.claimedAt ?? null}::timestamptz, ${fields.endsAt}::timestamptz)
             returning id, user_id, ends_at)
           insert into outbox_messages (channel, kind, user_id, dedupe_key, payload, state, next_at, sent_at)
           select 'telegram', 'mining_ready', s.user_id, 'mining_ready:' || s.id || ':telegram',
                  jsonb_build_object('sessionId', s.id), ${fields.status},
                  case when ${fields.status} = 'pending' then s.ends_at end, ${fields.notifiedAt ?? null}::timestamptz
           from s`);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  admin = await insertUser(server, { role: 'ADMIN', createdAt: new Date(dayAt(-10)) });
  ids.u1 = (await insertUser(server, { createdAt: new Date(dayAt(-3, '12:00:00')) })).user.id;
  ids.u2 = (await insertUser(server, { createdAt: new Date(dayAt(-3, '13:00:00')) })).user.id;
  ids.u3 = (await insertUser(server, { createdAt: new Date(dayAt(-1, '08:00:00')) })).user.id;
  ids.u4 = (await insertUser(server)).user.id; // today, now
  const { u1, u2, u3, u4 } = ids;

  await exec(sql`insert into user_activity_days (day, user_id) values
    (${day(-3)}, ${u1}), (${day(-3)}, ${u2}), (${day(-1)}, ${u1}), (${today}, ${u4}), (${day(-9)}, ${u1})`);

  await cycle(u1, { endsAt: dayAt(-3, '02:00:00'), claimedAt: dayAt(-3, '10:00:00'), status: 'skipped' });
  await cycle(u1, { endsAt: dayAt(-2, '02:00:00'), claimedAt: dayAt(-2, '10:00:00'), status: 'failed' });
  await cycle(u2, {
    endsAt: dayAt(-1, '07:00:00'),
    claimedAt: dayAt(-1, '09:00:00'),
    status: 'sent',
    notifiedAt: dayAt(-1, '08:00:00'),
  });
  await cycle(u2, { endsAt: dayAt(-2, '07:00:00'), claimedAt: dayAt(-2, '09:00:00'), status: 'unconfirmed' });
  await cycle(u3, { endsAt: dayAt(-1, '23:00:00'), status: 'pending' }); // due
  await cycle(u4, { endsAt: dayAt(1, '06:00:00'), status: 'pending' }); // not yet due

  await ledger(u1, 'mining_reward', 'ZP', 10, dayAt(-3, '10:00:00'));
  await ledger(u1, 'mining_reward', 'SEB', 2, dayAt(-3, '10:00:00'));
  await ledger(u2, 'daily_login', 'ZP', 5, dayAt(-3, '14:00:00'));
  await ledger(u2, 'daily_login', 'ZP', 5, dayAt(-3, '15:00:00'));
  await ledger(u2, 'mining_reward', 'ZP', 10.5, dayAt(-1, '09:00:00'));
  await ledger(u1, 'referral_bonus', 'ZP', 50, dayAt(-1, '08:00:00'));
  await ledger(u2, 'admin_adjustment', 'ZP', -3, dayAt(-1, '11:00:00'));
  await ledger(u4, 'task_reward', 'ZP', 20, 'now');
  await ledger(admin.user.id, 'daily_login', 'ZP', 5, dayAt(-8));

  await exec(sql`insert into referrals (referrer_id, referred_id, source, created_at) values
    (${u1}, ${u3}, 'signup', ${dayAt(-1, '08:00:00')}::timestamptz), (${u1}, ${u4}, 'apply', now())`);
  await exec(sql`update users set telegram_blocked_at = ${dayAt(-2, '15:00:00')}::timestamptz where id = ${u2}`);

  // An announcement: two delivered on D-1, one failed, one still pending (due).
  const inserted = (await exec(sql`insert into announcements (created_by, text, format, recipient_count)
                   values (${admin.user.id}, 'Hello', 'plain', 4) returning id`)) as unknown as {
    rows: { id: string }[];
  };
  const announcement = inserted.rows[0];
  await exec(sql`insert into outbox_messages (channel, kind, announcement_id, user_id, dedupe_key, state, sent_at)
    select 'telegram', 'announcement', ${announcement!.id}::uuid, v.user_id::uuid,
           'announcement:' || ${announcement!.id}::text || ':' || v.user_id, v.state, v.sent_at::timestamptz
    from (values
      (${u1}, 'sent', ${dayAt(-1, '10:00:00')}),
      (${u3}, 'sent', ${dayAt(-1, '10:00:01')}),
      (${u4}, 'failed', null),
      (${u2}, 'pending', null)) as v(user_id, state, sent_at)`);
});
afterAll(() => server.stop());

const empty = (offset: number, total: number): DashboardDay => ({
  day: day(offset),
  users_total: total,
  users_new: 0,
  users_active: 0,
  mining_claims: 0,
  referrals: 0,
  notifications_sent: 0,
  users_blocked: 0,
  retained_d1: 0,
  retained_d7: 0,
  retained_d30: 0,
  ledger: [],
});

const expectedWeek = (): DashboardDay[] => [
  empty(-6, 1),
  empty(-5, 1),
  empty(-4, 1),
  {
    ...empty(-3, 3),
    users_new: 2,
    users_active: 2,
    mining_claims: 1,
    ledger: [
      { type: 'daily_login', currency: 'ZP', amount: 10, entries: 2 },
      { type: 'mining_reward', currency: 'SEB', amount: 2, entries: 1 },
      { type: 'mining_reward', currency: 'ZP', amount: 10, entries: 1 },
    ],
  },
  // D-2's two claimed cycles were seeded without their ledger entries: a claim is counted by its
  // mining_reward ZP entry (posted in the claim's statement), so they count 0.
  { ...empty(-2, 3), users_blocked: 1 },
  {
    ...empty(-1, 4),
    users_new: 1,
    users_active: 1,
    mining_claims: 1,
    referrals: 1,
    // One mining-ready notification and two announcement messages.
    notifications_sent: 3,
    ledger: [
      { type: 'admin_adjustment', currency: 'ZP', amount: -3, entries: 1 },
      { type: 'mining_reward', currency: 'ZP', amount: 10.5, entries: 1 },
      { type: 'referral_bonus', currency: 'ZP', amount: 50, entries: 1 },
    ],
  },
  {
    ...empty(0, 5),
    users_new: 1,
    users_active: 1,
    referrals: 1,
    ledger: [{ type: 'task_reward', currency: 'ZP', amount: 20, entries: 1 }],
  },
];

const queues = [
  { queue: 'mining_ready', channel: 'telegram', pending: 2, due: 1, failed: 1, unconfirmed: 1 },
  { queue: 'announcements', channel: 'telegram', pending: 1, due: 1, failed: 1, unconfirmed: 0 },
];

describe('GET /api/admin/dashboard', () => {
  it('answers every figure of the last 7 UTC days, and the queues now', async () => {
    const res = await server.get('/api/admin/dashboard?days=7', admin.token);
    expect(res.status).toBe(200);
    const body = dashboardResponseSchema.parse(res.body);
    expect(body.days).toBe(7);
    expect(body.series).toEqual(expectedWeek());
    expect(body.notifications).toEqual({ queues, blocked_users: 1 });
  });

  it('keeps a closed day as first computed, while today counts live', async () => {
    // D-2 closed an hour after it ended: its stored figures do not move; today's do.
    await ledger(ids.u1, 'daily_login', 'ZP', 7, dayAt(-2));
    await ledger(ids.u3, 'daily_login', 'SEB', 1, 'now');
    const body = dashboardResponseSchema.parse((await server.get('/api/admin/dashboard?days=7', admin.token)).body);
    const week = expectedWeek();
    week[6]!.ledger = [
      { type: 'daily_login', currency: 'SEB', amount: 1, entries: 1 },
      { type: 'task_reward', currency: 'ZP', amount: 20, entries: 1 },
    ];
    expect(body.series).toEqual(week);
    const stored = await exec(sql`select count(*)::int as n from admin_dashboard_days`);
    // D-6 … D-2 always; D-1 too unless this runs in the first hour of the UTC day.
    expect(Number(rowsOf<{ n: number }>(stored)[0]!.n)).toBeGreaterThanOrEqual(5);
  });

  it('reaches 30 days back, computing the days not stored yet', async () => {
    const body = dashboardResponseSchema.parse((await server.get('/api/admin/dashboard?days=30', admin.token)).body);
    expect(body.series).toHaveLength(30);
    expect(body.series[0]!.day).toBe(day(-29));
    expect(body.series.at(-1)!.day).toBe(today);
    // The admin joined on D-10 (before: 0 users), active on D-9 (u1), a login on D-8.
    expect(body.series.find((d) => d.day === day(-10))).toMatchObject({ users_new: 1, users_total: 1 });
    expect(body.series.find((d) => d.day === day(-11))).toMatchObject({ users_total: 0 });
    expect(body.series.find((d) => d.day === day(-9))).toMatchObject({ users_active: 1 });
    expect(body.series.find((d) => d.day === day(-8))!.ledger).toEqual([
      { type: 'daily_login', currency: 'ZP', amount: 5, entries: 1 },
    ]);
    expect(body.series.slice(-7).map((d) => d.users_total)).toEqual([1, 1, 1, 3, 3, 4, 5]);
  });

  it('counts a day as open until an hour after it ends', async () => {
    const { db } = server.database;
    const midnight = new Date(`${today}T00:00:00Z`);
    await exec(sql`delete from admin_dashboard_days where day = ${day(-1)}::date`);
    await getDashboard(db, { days: 7, now: new Date(midnight.getTime() + DASHBOARD_CLOSE_AFTER_MS - 1000) });
    const before = await exec(sql`select 1 from admin_dashboard_days where day = ${day(-1)}::date`);
    expect(rowsOf(before)).toHaveLength(0);
    await getDashboard(db, { days: 7, now: new Date(midnight.getTime() + DASHBOARD_CLOSE_AFTER_MS) });
    const after = await exec(sql`select 1 from admin_dashboard_days where day = ${day(-1)}::date`);
    expect(rowsOf(after)).toHaveLength(1);
  });

  it('is for admins only and refuses a range other than 7, 30 or 90', async () => {
    const user = await insertUser(server);
    const tester = await insertUser(server, { role: 'TESTER' });
    expect((await server.get('/api/admin/dashboard?days=7', user.token)).status).toBe(403);
    expect((await server.get('/api/admin/dashboard?days=7', tester.token)).status).toBe(403);
    expect((await server.get('/api/admin/dashboard?days=7')).status).toBe(401);
    for (const days of ['14', 'abc', '-7', '7.0']) {
      const res = await server.get(`/api/admin/dashboard?days=${days}`, admin.token);
      expect(res.status, days).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'days must be 7, 30 or 90' });
    }
    expect((await server.get('/api/admin/dashboard', admin.token)).body.days).toBe(7);
  });
});
