import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { INTEGRITY_MESSAGES, REFERRAL_REWARD_ZP } from '@ziver/shared';
import serverDe from '@ziver/shared/i18n/de';
import { adminPaths, adminRingPath } from '@/config/paths';
import adminDe from '@/features/admin/locales/de';
import adminEn from '@/features/admin/locales/en';
import { formatAmount } from '@/lib/format';
import { DESKTOP, PHONE, screenshot, waitForPath } from './support/browser.js';
import { useAdminConsole, type Viewport } from './support/admin-console.js';
import type { Look } from './support/looks.js';
import { byTestId, hasHorizontalOverflow, waitForText } from './support/uploads.js';

/**
 * Issue 41, the console's Integrity section, in Chromium against the built server on PostgreSQL,
 * at 1280 px (a table of rings) and 390 px (cards), in English and German, light and dark: the
 * rings table with its translated signals, a ring's page with its members' translated reasons,
 * each action in the confirmation dialog with its reason (the button waits for one), applied and
 * checked in the database: the referral rewards reversed in the ledger, the members suspended,
 * the ring reviewed; and an account's risk on its user page.
 */
const server = useAdminConsole('admin_integrity');
const TEXTS = { en: adminEn, de: adminDe } as const;
const REASONS = {
  en: {
    network_burst: INTEGRITY_MESSAGES.reason_network_burst,
    referrer_farm: INTEGRITY_MESSAGES.reason_referrer_farm,
  },
  de: {
    network_burst: serverDe.integrity!.reason_network_burst,
    referrer_farm: serverDe.integrity!.reason_referrer_farm,
  },
} as const;
const INVITEES = 5;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? `{{${key}}}`));
let rings = 0;

/**
 * A ring as the integrity job leaves it (its building is server/src/features/integrity's test):
 * a referrer and five invitees who each paid the referrer a referral reward (ledger entries, the
 * balance to match), the members' scores and reasons, the ring with its signals.
 */
async function seedRing() {
  const db = server.db();
  const n = ++rings;
  const tag = `${n}${Date.now().toString(36)}`;
  const insertUser = async (name: string) => {
    const { rows } = await db.query(
      `INSERT INTO users (username, email, referral_code) VALUES ($1, $2, $3) RETURNING id, username`,
      [name, `${name}@example.com`, `RING${tag}${name.length}${Math.random().toString(36).slice(2, 6)}`],
    );
    return rows[0] as { id: string; username: string };
  };
  const referrer = await insertUser(`ringboss_${tag}`);
  const invitees = [];
  for (let i = 1; i <= INVITEES; i++) invitees.push(await insertUser(`ringbot_${tag}_${i}`));
  for (const invitee of invitees) {
    const { rows } = await db.query(
      `INSERT INTO referrals (referrer_id, referred_id, source, reward_paid_at) VALUES ($1, $2, 'signup', now()) RETURNING id`,
      [referrer.id, invitee.id],
    );
    await db.query(
      `INSERT INTO transactions (user_id, type, currency, amount, description, metadata, idempotency_key)
       VALUES ($1, 'referral_reward', 'ZP', $2, 'Referral reward', $3, $4)`,
      [
        referrer.id,
        REFERRAL_REWARD_ZP,
        { referralId: rows[0].id, friendUsername: invitee.username },
        `referral_reward:${rows[0].id}`,
      ],
    );
  }
  await db.query('UPDATE users SET zp_balance = $1 WHERE id = $2', [INVITEES * REFERRAL_REWARD_ZP, referrer.id]);
  const reasons = (codes: string[]) => JSON.stringify(codes.map((code) => ({ code, weight: 30, detail: {} })));
  for (const invitee of invitees)
    await db.query(`INSERT INTO account_risk (user_id, score, reasons) VALUES ($1, 85, $2)`, [
      invitee.id,
      reasons(['network_burst', 'referrer_farm']),
    ]);
  await db.query(`INSERT INTO account_risk (user_id, score, reasons) VALUES ($1, 25, $2)`, [
    referrer.id,
    reasons(['referrer_farm']),
  ]);
  const { rows } = await db.query(
    `INSERT INTO integrity_rings (key, score, signals, member_count) VALUES ($1, 75, $2, $3) RETURNING id`,
    [
      `e2e-${tag}`,
      JSON.stringify([
        { kind: 'network_burst', value: `203.0.${n}.0/24`, accounts: INVITEES },
        { kind: 'referrer_farm', value: referrer.id, accounts: INVITEES + 1 },
      ]),
      INVITEES + 1,
    ],
  );
  const ringId = rows[0].id as string;
  for (const member of [referrer, ...invitees])
    await db.query('INSERT INTO integrity_ring_members (ring_id, user_id) VALUES ($1, $2)', [ringId, member.id]);
  return { ringId, referrer, invitees };
}

/** Waits until no animation or transition runs in the page (the bottom sheet's slide). */
const sheetSettled = (p: Page) =>
  p.evaluate(async () => {
    while (document.getAnimations().some((a) => a.playState === 'running')) {
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    }
  });

/** Waits until the element under `selector`'s centre is that element (no sheet or field over it). */
async function buttonUncovered(p: Page, selector: string) {
  try {
    await p.waitForFunction((sel) => {
      const button = document.querySelector(sel);
      if (!button) return false;
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && button.contains(hit);
    }, selector);
  } catch (error) {
    await screenshot(p, `admin-integrity-covered-${p.viewportSize()?.width}`);
    throw error;
  }
}

/** Opens a ring action's dialog, types the reason (the confirming button waits for it), confirms, waits for it to close. */
async function act(p: Page, action: 'suspend' | 'reverse' | 'review', texts: typeof adminEn, reason: string) {
  await byTestId(p, `admin-ring-${action}`).click();
  const dialog = byTestId(p, 'admin-ring-confirm');
  await dialog.waitFor();
  await sheetSettled(p);
  await waitForText(p, 'admin-ring-confirm-text', texts.integrity.confirm[action]);
  const yes = dialog.locator('[data-testid="confirm-yes"]');
  expect(await yes.isDisabled()).toBe(true);
  await byTestId(p, 'admin-ring-reason').fill(reason);
  expect(await yes.isDisabled()).toBe(false);
  // The sheet slides in (and moves for the focused field on a phone): click once nothing covers the button.
  await sheetSettled(p);
  await buttonUncovered(p, '[data-testid="admin-ring-confirm"] [data-testid="confirm-yes"]');
  await yes.click().catch(async (error: unknown) => {
    await screenshot(p, 'admin-integrity-click-failed');
    throw error;
  });
  // A just-closed sheet still animates: the next click waits until it is gone.
  await p.locator('[data-testid="admin-ring-confirm"]').waitFor({ state: 'detached' });
  await byTestId(p, 'admin-ring-action-ok').waitFor();
}

const reversalsOf = async (userId: string) =>
  (
    await server
      .db()
      .query(
        "SELECT amount::float8 AS amount, reverses_id FROM transactions WHERE user_id = $1 AND type = 'referral_reward_reversal'",
        [userId],
      )
  ).rows as { amount: number; reverses_id: string }[];

async function run(viewport: Viewport, look: Look & { language: keyof typeof TEXTS }) {
  const texts = TEXTS[look.language];
  const name = `admin-integrity-${viewport.width}-${look.language}-${look.theme}`;
  const { ringId, referrer, invitees } = await seedRing();
  const admin = await server.register('ADMIN', look.language);
  const { page: p, errors } = await server.signIn(viewport, admin, look);

  // The rings: this one with its score, members and translated signals.
  await p.goto(adminPaths.integrity);
  await byTestId(p, 'admin-integrity').waitFor();
  const row = p.locator(
    `[data-testid="${viewport.width >= 1024 ? 'admin-ring-row' : 'admin-ring-link'}"][data-ring-id="${ringId}"]`,
  );
  await row.waitFor();
  const rowText = (await row.textContent()) ?? '';
  expect(rowText).toContain(texts.integrity.signal.network_burst);
  expect(rowText).toContain(texts.integrity.signal.referrer_farm);
  expect(rowText).toContain(texts.integrity.flagged);
  if (viewport.width >= 1024) {
    expect((await byTestId(p, 'admin-rings-table-col-referral_rewards').textContent())?.trim()).toContain(
      texts.integrity.columns.referralRewards,
    );
  }
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `${name}-rings`);

  // The ring's page: members with their reasons, in the reader's language.
  await p.locator(`[data-testid="admin-ring-link"][data-ring-id="${ringId}"]`).click();
  await waitForPath(p, (path) => path === adminRingPath(ringId));
  await byTestId(p, 'admin-ring-page').waitFor();
  const member = p.locator(`[data-testid="admin-ring-member"][data-user-id="${invitees[0]!.id}"]`);
  await member.waitFor();
  const memberText = (await member.textContent()) ?? '';
  expect(memberText).toContain(invitees[0]!.username);
  expect(memberText).toContain(REASONS[look.language].network_burst);
  expect(memberText).toContain(REASONS[look.language].referrer_farm);
  expect(await p.locator('[data-testid="admin-ring-signals"] li').count()).toBe(2);
  expect(await hasHorizontalOverflow(p)).toBe(false);
  await screenshot(p, `${name}-ring`);
  return { p, errors, ringId, referrer, invitees, texts, name };
}

describe('the Integrity section', () => {
  test('at 1280 px in English, light: rings table, ring page, reverse the referral rewards, mark reviewed', async () => {
    const { p, errors, ringId, referrer, texts, name } = await run(DESKTOP, { language: 'en', theme: 'light' });
    await act(p, 'reverse', texts, 'A referral farm');
    const reversals = await reversalsOf(referrer.id);
    expect(reversals.map((r) => r.amount)).toEqual(Array(INVITEES).fill(-REFERRAL_REWARD_ZP));
    expect(new Set(reversals.map((r) => r.reverses_id)).size).toBe(INVITEES);
    const [balance] = (
      await server.db().query('SELECT zp_balance::float8 AS zp FROM users WHERE id = $1', [referrer.id])
    ).rows;
    expect(balance.zp).toBe(0);
    await screenshot(p, `${name}-reversed`);

    // The dashboard's tiles: the six members flagged (five by score, the referrer by the ring), the ring, the ZP reversed.
    await p.goto(adminPaths.dashboard);
    await waitForText(p, 'dash-value-rewards_reversed_zp', formatAmount(INVITEES * REFERRAL_REWARD_ZP, 'en'));
    expect((await byTestId(p, 'dash-value-accounts_flagged').textContent())?.trim()).toBe(String(INVITEES + 1));
    expect((await byTestId(p, 'dash-value-rings_flagged').textContent())?.trim()).toBe('1');
    expect((await byTestId(p, 'dash-tile-accounts_flagged').textContent()) ?? '').toContain(
      texts.dashboard.tiles.accountsFlagged,
    );
    await screenshot(p, `${name}-dashboard`);
    await p.goBack();
    await byTestId(p, 'admin-ring-page').waitFor();

    await act(p, 'review', texts, 'Checked by hand');
    const [ring] = (await server.db().query('SELECT reviewed_at FROM integrity_rings WHERE id = $1', [ringId])).rows;
    expect(ring.reviewed_at).not.toBeNull();
    await waitForText(p, 'admin-ring-state', texts.integrity.notFlagged);
    const audit = await server
      .db()
      .query('SELECT action FROM admin_audit_log WHERE target_id = $1 ORDER BY id', [ringId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['integrity.ring_reverse_rewards', 'integrity.ring_review']);
    expect(errors).toEqual([]);
  });

  test('at 1280 px in German, dark: suspend all, and a member’s risk on the user page', async () => {
    const { p, errors, invitees, texts, name } = await run(DESKTOP, { language: 'de', theme: 'dark' });
    await act(p, 'suspend', texts, 'Eine Farm');
    const { rows } = await server
      .db()
      .query('SELECT count(*)::int AS n FROM users WHERE id = ANY($1) AND suspension_reason = $2', [
        invitees.map((i) => i.id),
        'Eine Farm',
      ]);
    expect(rows[0].n).toBe(INVITEES);
    await screenshot(p, `${name}-suspended`);

    await p
      .locator(
        `[data-testid="admin-ring-member"][data-user-id="${invitees[1]!.id}"] [data-testid="admin-ring-member-link"]`,
      )
      .click();
    await byTestId(p, 'admin-user-page').waitFor();
    await waitForText(p, 'admin-user-risk-score', texts.integrity.risk.flagged);
    const reasons = (await byTestId(p, 'admin-user-risk-reasons').textContent()) ?? '';
    expect(reasons).toContain(REASONS.de.network_burst);
    expect(reasons).toContain(REASONS.de.referrer_farm);
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, `${name}-user-risk`);
    expect(errors).toEqual([]);
  });

  test('at 390 px in English, dark: ring cards, ring page, reverse the referral rewards', async () => {
    const { p, errors, referrer, texts, name } = await run(PHONE, { language: 'en', theme: 'dark' });
    await act(p, 'reverse', texts, 'A referral farm');
    expect(await reversalsOf(referrer.id)).toHaveLength(INVITEES);
    // The ring's referral rewards now add up to nothing (the referrer is a member); what it earned stays.
    await waitForText(
      p,
      'admin-ring-summary',
      fill(texts.integrity.summary, {
        score: 75,
        members: INVITEES + 1,
        zp: formatAmount(INVITEES * REFERRAL_REWARD_ZP, 'en'),
        rewards: formatAmount(0, 'en'),
      }),
    );
    expect(await hasHorizontalOverflow(p)).toBe(false);
    await screenshot(p, `${name}-reversed`);
    expect(errors).toEqual([]);
  });
});
