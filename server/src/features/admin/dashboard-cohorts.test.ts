import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dashboardResponseSchema } from '@ziver/shared';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

/**
 * Sign-up cohort retention (UTC weeks, day 1 / 7 / 30) and the referral funnel (invited → signed
 * up → first claim) of GET /api/admin/dashboard, on hand-seeded users, active days and referrals.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
const today = new Date().toISOString().slice(0, 10);
const dayAt = (offset: number, time = '12:00:00') =>
  `${new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)}T${time}Z`;
const day = (offset: number) => dayAt(offset).slice(0, 10);
/** The Monday (UTC) of the week holding `offset`. */
const weekOf = (offset: number) => {
  const date = new Date(`${day(offset)}T00:00:00Z`);
  return day(offset - ((date.getUTCDay() + 6) % 7));
};
const exec = (query: ReturnType<typeof sql>) => server.database.db.execute(query);
const signUp = async (offset: number) => (await insertUser(server, { createdAt: new Date(dayAt(offset)) })).user.id;
const active = (userId: string, offset: number) =>
  exec(sql`insert into user_activity_days (day, user_id) values (${day(offset)}, ${userId})`);
const dashboard = async (days: 7 | 30) =>
  dashboardResponseSchema.parse((await server.get(`/api/admin/dashboard?days=${days}`, admin.token)).body);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  admin = await insertUser(server, { role: 'ADMIN', createdAt: new Date(dayAt(-100)) });
});
afterAll(() => server.stop());

describe('sign-up cohort retention', () => {
  it('gives each of the last 8 UTC weeks its sign-ups and the share active on day 1, 7 and 30', async () => {
    // Four sign-ups on D-35: two back on day 1, two on day 7, one on day 30 (and one on day 2,
    // which no column counts).
    const [u1, u2, u3] = [await signUp(-35), await signUp(-35), await signUp(-35), await signUp(-35)];
    for (const offset of [-34, -33, -28, -5]) await active(u1!, offset);
    await active(u2!, -34);
    await active(u3!, -28);
    // One sign-up on D-3, back on D-2: its day 7 and day 30 have not come yet.
    await active(await signUp(-3), -2);

    for (const call of ['cold', 'warm']) {
      const { retention } = await dashboard(7);
      expect(retention, call).toHaveLength(8);
      expect(retention.at(-1)!.week).toBe(weekOf(0));
      expect(
        retention.find((c) => c.week === weekOf(-35)),
        call,
      ).toEqual({
        week: weekOf(-35),
        users: 4,
        d1: { eligible: 4, retained: 2 },
        d7: { eligible: 4, retained: 2 },
        d30: { eligible: 4, retained: 1 },
      });
      expect(
        retention.find((c) => c.week === weekOf(-3)),
        call,
      ).toEqual({
        week: weekOf(-3),
        users: 1,
        d1: { eligible: 1, retained: 1 },
        d7: { eligible: 0, retained: 0 },
        d30: { eligible: 0, retained: 0 },
      });
    }
  });
});

describe('referral funnel', () => {
  it('counts invited, signed up and first claim over the period', async () => {
    const referrer = await signUp(-50);
    const refer = async (offset: number, fields: { paid?: boolean; removed?: boolean } = {}) =>
      exec(sql`insert into referrals (referrer_id, referred_id, source, created_at, reward_paid_at, removed_at)
               values (${referrer}, ${await signUp(offset)}, 'signup', ${dayAt(offset)}::timestamptz,
                       ${fields.paid ? sql`${dayAt(offset, '18:00:00')}::timestamptz` : null},
                       ${fields.removed ? sql`${dayAt(offset, '19:00:00')}::timestamptz` : null})`);
    await refer(-2, { paid: true });
    await refer(-3);
    await refer(-20, { paid: true });
    await refer(-1, { removed: true }); // removed: no longer counts
    // Telegram arrivals with a code, not signed in yet.
    await exec(sql`insert into pending_referrals (telegram_id, referral_code, created_at) values
      (900001, 'CODE', ${dayAt(-1)}::timestamptz), (900002, 'CODE', ${dayAt(-40)}::timestamptz)`);

    expect((await dashboard(7)).referral_funnel).toEqual({ invited: 3, signed_up: 2, first_claim: 1 });
    expect((await dashboard(30)).referral_funnel).toEqual({ invited: 4, signed_up: 3, first_claim: 2 });
  });
});
