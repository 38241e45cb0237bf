import { beforeAll, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import adminDe from '../miniapp/src/features/admin/locales/de.js';
import adminEn from '../miniapp/src/features/admin/locales/en.js';
import { useAdminConsole } from './support/admin-console.js';
import { DESKTOP, PHONE, screenshot } from './support/browser.js';
import type { Look } from './support/looks.js';
import { seriousAxeViolations } from './support/a11y.js';
import { byTestId, hasHorizontalOverflow } from './support/uploads.js';

/**
 * The admin dashboard (first tab of /admin) in Chromium at 390 px and 1280 px, against the built
 * server on a throwaway PostgreSQL database. Activity is seeded with SQL on days before today
 * (UTC): ledger entries, claimed mining cycles, referrals, active days, a pending notification.
 * The admin opens the console, reads the figures of 7 days, switches to 30 and 90 and back, and
 * finds each seeded figure where it belongs (and not where it does not). A normal user gets 403.
 */
const site = useAdminConsole('dashboard');
const { api, register, signIn } = site;
const db = () => site.db();
const today = new Date().toISOString().slice(0, 10);
const dayAt = (offset: number, time = '12:00:00') =>
  `${new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)}T${time}Z`;
const day = (offset: number) => dayAt(offset).slice(0, 10);

/** A user signed up on a past day, straight in the database (no session needed). */
async function insertUser(name: string, createdAt: string) {
  const suffix = randomBytes(3).toString('hex');
  const { rows } = await db().query(
    'INSERT INTO users (username, referral_code, created_at) VALUES ($1, $2, $3) RETURNING id',
    [`${name}_${suffix}`, `E2E${suffix.toUpperCase()}${name.length}`, createdAt],
  );
  return rows[0].id as string;
}

/** The Monday (UTC) of the week holding `offset`: the retention table's row. */
const weekOf = (offset: number) => day(offset - ((new Date(`${day(offset)}T00:00:00Z`).getUTCDay() + 6) % 7));

/** Seeded activity, all before today so what the browser runs add does not change it. */
async function seed() {
  // Signing in claims the daily login: set to 0 it posts no ledger entry, so today adds nothing.
  const operator = await register('ADMIN');
  expect((await api('PUT', '/admin/system/daily-login', operator.token, { zp: 0, seb: 0 })).status).toBe(200);
  const miner = await register();
  const friend = await register();
  const ledger = (type: string, currency: string, amount: number, at: string) =>
    db().query(
      `INSERT INTO transactions (user_id, type, currency, amount, description, created_at)
       VALUES ($1, $2, $3, $4, 'seeded', $5)`,
      [miner.id, type, currency, amount, at],
    );
  await ledger('feedback_reward', 'ZP', 1234.5, dayAt(-3));
  await ledger('mining_reward', 'SEB', 2.25, dayAt(-3));
  await ledger('task_reward', 'ZP', 100000, dayAt(-20));
  await ledger('daily_login', 'ZP', 5, dayAt(-60));
  // Claimed cycles, each with its mining_reward entry (what the dashboard counts as a claim).
  for (const [claimedOn, count] of [
    [-2, 3],
    [-15, 2],
  ] as const) {
    for (let i = 0; i < count; i++) {
      await ledger('mining_reward', 'ZP', 10, dayAt(claimedOn, `1${i}:00:00`));
      await db().query(
        `WITH s AS (
           INSERT INTO mining_sessions (user_id, started_at, ends_at, reward, claimed_at, notices_queued_at)
           VALUES ($1, $2::timestamptz - interval '5 hours', $2::timestamptz - interval '1 hour', 10, $2,
                   $2::timestamptz - interval '1 hour')
           RETURNING id, user_id)
         INSERT INTO outbox_messages (channel, kind, user_id, dedupe_key, payload, state, sent_at)
         SELECT 'telegram', 'mining_ready', s.user_id, 'mining_ready:' || s.id || ':telegram',
                jsonb_build_object('sessionId', s.id), 'sent', $2::timestamptz - interval '30 minutes' FROM s`,
        [miner.id, dayAt(claimedOn, `1${i}:00:00`)],
      );
    }
  }
  // The friend's open cycle, ready an hour ago and its notice not sent yet: one due.
  await db().query(
    `WITH s AS (
       INSERT INTO mining_sessions (user_id, started_at, ends_at, reward, notices_queued_at)
       VALUES ($1, now() - interval '5 hours', now() - interval '1 hour', 10, now() - interval '1 hour')
       RETURNING id, user_id, ends_at)
     INSERT INTO outbox_messages (channel, kind, user_id, dedupe_key, payload, next_at)
     SELECT 'telegram', 'mining_ready', s.user_id, 'mining_ready:' || s.id || ':telegram',
            jsonb_build_object('sessionId', s.id), s.ends_at FROM s`,
    [friend.id],
  );
  await db().query(
    `INSERT INTO referrals (referrer_id, referred_id, source, created_at) VALUES ($1, $2, 'signup', $3)`,
    [miner.id, friend.id, dayAt(-4)],
  );
  // A sign-up cohort: four users on D-35, two back on day 1, one on day 7 and one on day 30.
  const cohort: string[] = [];
  for (let i = 0; i < 4; i++) cohort.push(await insertUser(`cohort_${i}`, dayAt(-35)));
  for (const [userId, offset] of [
    [cohort[0], -34],
    [cohort[1], -34],
    [cohort[0], -28],
    [cohort[2], -5],
  ] as const)
    await db().query('INSERT INTO user_activity_days (day, user_id) VALUES ($1, $2)', [day(offset), userId]);
  // The referral funnel of 30 days adds two referrals on D-12 (one friend claimed) and a Telegram
  // arrival still pending on D-10 to D-4's referral: 4 invited, 3 signed up, 1 first claim.
  for (const [i, paid] of [
    [0, true],
    [1, false],
  ] as const)
    await db().query(
      `INSERT INTO referrals (referrer_id, referred_id, source, created_at, reward_paid_at)
       VALUES ($1, $2, 'signup', $3, $4)`,
      [miner.id, await insertUser(`referred_${i}`, dayAt(-12)), dayAt(-12), paid ? dayAt(-12, '18:00:00') : null],
    );
  await db().query(`INSERT INTO pending_referrals (telegram_id, referral_code, created_at) VALUES (777001, $1, $2)`, [
    'ANYCODE',
    dayAt(-10),
  ]);
  await db().query(`INSERT INTO user_activity_days (day, user_id) VALUES ($1, $3), ($1, $4), ($2, $3)`, [
    day(-1),
    day(-40),
    miner.id,
    friend.id,
  ]);
}

beforeAll(seed);

const text = async (p: Page, testId: string) => ((await byTestId(p, testId).textContent()) ?? '').trim();
/** The table cell of a chart (or the retention, by week) for one day and series ('' when not there). */
const cell = async (p: Page, chart: string, dayValue: string, series: string) => {
  const row = chart === 'dash-retention' ? `data-week="${dayValue}"` : `data-day="${dayValue}"`;
  const locator = p.locator(`[data-testid="${chart}-table"] tr[${row}] td[data-series="${series}"]`);
  return (await locator.count()) === 0 ? '' : ((await locator.first().textContent()) ?? '').trim();
};

async function showRange(p: Page, days: 7 | 30 | 90) {
  await byTestId(p, `dash-range-${days}`).click();
  await p.locator(`[data-testid="dash-range-shown"][data-days="${days}"]`).waitFor();
  await p.locator('.zv-dash-body--stale').waitFor({ state: 'detached' });
}

async function runDashboard(viewport: { width: number; height: number }, label: string, look: Look) {
  const admin = await register('ADMIN');
  // Numbers are formatted with Intl in the console's language ("1,264.5" in English, "1.264,5" in German).
  const n = (value: number) => new Intl.NumberFormat(look.language, { maximumFractionDigits: 4 }).format(value);
  const { page: p, errors } = await signIn(viewport, admin, look);
  await p.goto('/admin');
  await byTestId(p, 'admin-dashboard').waitFor();
  await p.locator('[data-testid="dash-range-shown"][data-days="7"]').waitFor();
  const usersNow = (await db().query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;

  // 7 days: D-3's feedback reward, D-2's three claims (10 ZP each), D-4's referral, D-1's two active users.
  expect(await text(p, 'dash-value-users_total')).toBe(n(usersNow));
  expect(await text(p, 'dash-value-mining_claims')).toBe('3');
  expect(await text(p, 'dash-value-zp_issued')).toBe(n(1264.5));
  expect(await text(p, 'dash-value-seb_issued')).toBe(n(2.25));
  expect(await text(p, 'dash-value-referrals')).toBe('1');
  expect(await text(p, 'dash-value-notifications_sent')).toBe('3');
  expect(await text(p, 'dash-queue-mining_ready-due')).toBe('1');
  // Each figure's one-line definition, under it, in the console's language.
  const texts = (look.language === 'en' ? adminEn : adminDe).dashboard;
  expect(await text(p, 'dash-definition-users_active')).toBe(texts.definitions.activeToday);
  expect(await text(p, 'dash-definition-zp_issued')).toBe(texts.definitions.zpIssued);
  expect(await p.locator('[data-testid^="dash-definition-"]').count()).toBeGreaterThanOrEqual(10);
  // Retention of D-35's UTC week (whatever the range): 4 sign-ups, 2 back on day 1, 1 on day 7 and 30.
  expect(await text(p, 'dash-definition-retention')).toBe(texts.retention.definition);
  const percent = (share: number) =>
    new Intl.NumberFormat(look.language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
  expect(await cell(p, 'dash-retention', weekOf(-35), 'users')).toBe('4');
  expect(await cell(p, 'dash-retention', weekOf(-35), 'd1')).toBe(percent(0.5));
  expect(await cell(p, 'dash-retention', weekOf(-35), 'd7')).toBe(percent(0.25));
  expect(await cell(p, 'dash-retention', weekOf(-35), 'd30')).toBe(percent(0.25));
  expect(await p.locator('[data-testid="dash-retention-table"] tbody tr').count()).toBe(8);
  // The funnel of 7 days: D-4's referral only.
  expect(await text(p, 'dash-definition-funnel')).toBe(texts.funnel.definition);
  expect(await text(p, 'dash-funnel-invited-value')).toBe('1');
  expect(await text(p, 'dash-funnel-signed_up-value')).toBe('1');
  expect(await text(p, 'dash-funnel-first_claim-value')).toBe('0');
  expect(await cell(p, 'dash-chart-zp', day(-3), 'feedback_reward')).toBe(n(1234.5));
  expect(await cell(p, 'dash-chart-zp', day(-2), 'mining_reward')).toBe('30');
  expect(await cell(p, 'dash-chart-mining', day(-2), 'mining_claims')).toBe('3');
  expect(await cell(p, 'dash-chart-activity', day(-1), 'users_active')).toBe('2');
  expect(await cell(p, 'dash-chart-zp', day(-20), 'task_reward')).toBe('');
  if (look.language === 'en')
    expect(await p.locator('[data-testid="dash-chart-mining"] svg[role="img"] desc').textContent()).toContain(
      'Cycles claimed: 3 in all',
    );
  expect(await p.locator('[data-testid="dash-chart-mining"] svg rect').count()).toBe(1); // one day with claims
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-dashboard-7-${label}`);
  // Tables open too, so their contrast and headers are checked as well.
  await p.evaluate(() => document.querySelectorAll('.zv-dash-table').forEach((d) => d.setAttribute('open', '')));
  expect(await seriousAxeViolations(p)).toEqual([]);

  // 30 days: D-20's task reward and D-15's two claims join; D-60 is still out.
  await showRange(p, 30);
  expect(await text(p, 'dash-value-mining_claims')).toBe('5');
  expect(await text(p, 'dash-value-zp_issued')).toBe(n(101284.5));
  expect(await cell(p, 'dash-chart-zp', day(-20), 'task_reward')).toBe(n(100000));
  expect(await cell(p, 'dash-chart-mining', day(-15), 'mining_claims')).toBe('2');
  expect(await p.locator('[data-testid="dash-chart-mining-table"] tbody tr').count()).toBe(30);
  expect(await text(p, 'dash-funnel-invited-value')).toBe('4');
  expect(await text(p, 'dash-funnel-signed_up-value')).toBe('3');
  expect(await text(p, 'dash-funnel-first_claim-value')).toBe('1');
  expect(await cell(p, 'dash-retention', weekOf(-35), 'd1')).toBe(percent(0.5));
  expect(await hasHorizontalOverflow(p)).toBe(false);

  // 90 days: D-60's daily login and D-40's active user.
  await showRange(p, 90);
  expect(await text(p, 'dash-value-zp_issued')).toBe(n(101289.5));
  expect(await cell(p, 'dash-chart-zp', day(-60), 'daily_login')).toBe('5');
  expect(await cell(p, 'dash-chart-activity', day(-40), 'users_active')).toBe('1');
  expect(await p.locator('[data-testid="dash-chart-mining-table"] tbody tr').count()).toBe(90);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `admin-dashboard-90-${label}`);

  await showRange(p, 7);
  expect(await text(p, 'dash-value-zp_issued')).toBe(n(1264.5));
  expect(errors).toEqual([]);
}

describe('admin dashboard', () => {
  test('at 390 px, dark, English: figures of 7, 30 and 90 days', async () => {
    await runDashboard(PHONE, 'phone', { language: 'en', theme: 'dark' });
  });

  test('at 1280 px, light, German: the same, formatted in German', async () => {
    await runDashboard(DESKTOP, 'desktop', { language: 'de', theme: 'light' });
  });

  test('a normal user gets 403 from the dashboard call', async () => {
    const user = await register();
    expect((await api('GET', '/admin/dashboard?days=7', user.token)).status).toBe(403);
    expect((await api('GET', '/admin/dashboard?days=30')).status).toBe(401);
  });
});
