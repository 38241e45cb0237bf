import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTRACT, errorResponseSchema, fillPath, type ContractId } from '@ziver/shared';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { randomToken, sha256Hex } from './platform/crypto.js';
import {
  emailVerificationTokens,
  feedback,
  integrityRingMembers,
  integrityRings,
  passwordResetTokens,
  referrals as referralsTable,
  transactions,
  users,
} from './platform/db/schema.js';
import { issueConnectionCode } from './features/telegram/issue-connection-code.js';
import { TestAuthenticator } from './testing/authenticator.js';
import { waitForClaimableCycle } from './testing/factories.js';
import { startFakeGoogle, TEST_GOOGLE_CLIENT_ID, type FakeGoogle } from './testing/google-id-tokens.js';
import { buildPng } from './testing/images.js';
import { nextTelegramId, signInitData, TEST_BOT_TOKEN } from './testing/telegram-init-data.js';
import { startSmtpStandIn, type SmtpStandIn } from './testing/smtp-stand-in.js';
import { startTestServer, type TestServer } from './testing/test-server.js';
import { newWallet, signTonProof } from './testing/ton-wallets.js';

/**
 * The contract test: every call of docs/spec.md §7, made from plain fetch with the spec's request
 * shapes, each answer checked against its schema in shared/src/contract. The server also runs
 * with CONTRACT_CHECK=strict, so an answer that breaks its schema would come back as a 500.
 */
const CYCLE_SECONDS = 1;

let server: TestServer;
let google: FakeGoogle;
let recorder: BotApiRecorder;
let smtp: SmtpStandIn;
const called = new Set<ContractId>();

beforeAll(async () => {
  google = await startFakeGoogle();
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  smtp = await startSmtpStandIn();
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    MINING_CYCLE_HOURS: String(CYCLE_SECONDS / 3600),
    PUSH: 'on',
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_TOKENINFO_URL: google.tokenInfoUrl,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'ziver_test_bot',
    TELEGRAM_API_ROOT: recorder.url,
    // The announcement worker looks once at start, then not again: the cancel below finds it running.
    ANNOUNCE_POLL_SECONDS: '3600',
    // Wallets on without PUBLIC_URL (which would switch the bot to a webhook).
    TONCONNECT_MANIFEST_URL: 'https://ziver.test/tonconnect-manifest.json',
    // Where Telegram fetches the referral card's photo (https).
    MINIAPP_URL: 'https://ziver.test',
    // Mail on (the verification resend needs it), delivered to an SMTP stand-in.
    MAIL: 'on',
    SMTP_URL: smtp.url,
  });
});
afterAll(async () => {
  await server.stop();
  await google.close();
  await recorder.close();
  await smtp.close();
});

type CallOptions = {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A multipart body (the entry's bodyType is 'multipart'); fetch sets its content type. */
  form?: FormData;
  token?: string;
};

/** Calls one contract entry with plain fetch and checks the status and the body's schema. */
async function call(id: ContractId, options: CallOptions = {}) {
  const endpoint = CONTRACT[id];
  const query = Object.entries(options.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
  const search = query.length > 0 ? `?${new URLSearchParams(query)}` : '';
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  expect([id, options.form !== undefined]).toEqual([id, 'bodyType' in endpoint && endpoint.bodyType === 'multipart']);
  const res = await fetch(`${server.url}/api${fillPath(endpoint.path, options.params)}${search}`, {
    method: endpoint.method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const body: unknown = await res.json();
  const expected = 'status' in endpoint ? endpoint.status : 200;
  expect([id, res.status, res.status >= 400 ? body : null]).toEqual([id, expected, null]);
  const parsed = endpoint.response.safeParse(body);
  expect(parsed.success ? null : { id, issues: parsed.error.issues }).toBeNull();
  called.add(id);
  return body as any;
}

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
/** The spec's register body: referralCode always sent (may be ''), telegramId optional (may be null). */
const registration = (referralCode = '') => {
  const id = unique();
  return { username: `c${id}`, email: `c${id}@example.com`, password: 'password123', referralCode, telegramId: null };
};

describe('spec §7 contract, from a plain HTTP client', () => {
  it('answers every call with its schema', async () => {
    // ---------- public, signed out ----------
    await call('systemStatus');
    await call('systemStatus', { query: { lang: 'fr' } });
    const health = await call('health');
    expect(health).toMatchObject({ status: 'ok', database: { status: 'up' } });
    await call('authConfig');
    // Nobody has mined yet: no suggestion, and `success` pairs with a referrer (docs/spec.md §7).
    const smart = await call('smartSuggestion');
    expect(smart).toMatchObject({ success: false, referrer: null });
    const nothing = await call('removePendingReferral', { params: { code: 'ABCD1234' } });
    expect(nothing.removed).toBe(false);

    // ---------- sign-up and sign-in ----------
    const referrerBody = registration();
    const referrer = await call('register', { body: referrerBody });
    const code: string = referrer.user.referral_code;
    await call('authReferrerInfo', { params: { code } });
    await call('referrerInfo', { params: { code } });
    const friend = await call('register', { body: registration(code) });
    expect(friend.referralApplied).toBe(true);
    const login = await call('login', { body: { email: referrerBody.email, password: referrerBody.password } });
    const token: string = login.token;

    const telegramId = nextTelegramId();
    const initData = signInitData({ user: { id: telegramId, first_name: 'Contract', username: `tg${telegramId}` } });
    const pending = await call('pendingReferral', { body: { initData, referralCode: code } });
    expect(pending.saved).toBe(true);
    const telegram = await call('telegram', { body: { initData, referralCode: '' } });
    expect(telegram.referralApplied).toBe(true);
    const googleIdentity = await call('google', {
      body: { token: await google.signIdToken({ email: `g${unique()}@gmail.com` }), referralCode: '' },
    });
    expect(googleIdentity.isNewUser).toBe(true);
    await call('google', { body: { token: google.issueAccessToken(), referralCode: '' } });

    // ---------- session checks ----------
    await call('authMe', { token });
    await call('userMe', { token });
    expect((await call('verifyToken', { token })).valid).toBe(true);

    // ---------- user ----------
    await call('activity', { token, body: { activityType: 'DAILY_LOGIN' } });
    await call('heartbeat', { token });
    await call('telegramAutoSave', { token, body: { telegram_username: `tg_${unique()}` } });
    await call('updateProfile', {
      token,
      body: { bio: 'Mining daily', twitter_username: 'ziver', linkedin_url: 'https://www.linkedin.com/in/ziver' },
    });

    const avatarForm = new FormData();
    avatarForm.append(
      'avatar',
      new Blob([await buildPng({ width: 300, height: 200 })], { type: 'image/png' }),
      'me.png',
    );
    const avatar = await call('uploadAvatar', { token, form: avatarForm });
    expect(avatar.user.avatar_url).toMatch(/^\/api\/files\/[\w-]+\.webp$/);

    // ---------- files (binary: checked here, never by the server's JSON response check) ----------
    const avatarUrl: string = avatar.user.avatar_url;
    const stored = await fetch(`${server.url}${avatarUrl}`);
    expect([stored.status, stored.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(CONTRACT.file.response.safeParse(new Uint8Array(await stored.arrayBuffer())).success).toBe(true);
    const key = avatarUrl.slice('/api/files/'.length);
    expect(`/api${fillPath(CONTRACT.file.path, { key })}`).toBe(avatarUrl);
    called.add('file');
    const missingFile = await fetch(`${server.url}/api${fillPath(CONTRACT.file.path, { key: 'no-such-file.webp' })}`);
    expect(missingFile.status).toBe(404);
    expect(errorResponseSchema.safeParse(await missingFile.json()).success).toBe(true);

    // ---------- feedback (multipart: title, message, type, priority, attachments repeated) ----------
    const feedbackForm = new FormData();
    feedbackForm.append('title', 'Claim button');
    feedbackForm.append('message', 'The claim button could be bigger.');
    feedbackForm.append('type', 'suggestion');
    feedbackForm.append('priority', 'low');
    const screenshot = await buildPng();
    feedbackForm.append('attachments', new Blob([screenshot], { type: 'image/png' }), 'one.png');
    feedbackForm.append('attachments', new Blob([screenshot], { type: 'image/png' }), 'two.png');
    const sent = await call('createFeedback', { token, form: feedbackForm });
    expect(sent.success).toBe(true);
    const history = await call('feedbackHistory', { token });
    expect(history.feedback[0].attachments).toHaveLength(2);
    const one = await call('feedback', { token, params: { id: sent.feedback.id } });
    expect(one.feedback.title).toBe('Claim button');
    const attachment = await fetch(`${server.url}${one.feedback.attachments[0].url}`);
    expect([attachment.status, attachment.headers.get('content-type')]).toEqual([200, 'image/png']);

    // ---------- mining ----------
    await call('miningConfig', { token });
    expect((await call('miningStatus', { token })).timeRemaining).toBe(0);
    const started = await call('miningStart', { token });
    expect(started.timeRemaining).toBeGreaterThan(0);
    expect(started.timeRemaining).toBeLessThanOrEqual(CYCLE_SECONDS * 1000);
    await waitForClaimableCycle(server, token);
    const claimed = await call('miningClaim', { token });
    expect(claimed.userData.mining_session_start_time).toBeNull();

    // ---------- tasks ----------
    const tasks = await call('tasks', { token });
    expect(Array.isArray(tasks)).toBe(true);
    const link = (tasks as { id: string; link_url: string | null }[]).find((t) => t.link_url);
    const anyTask = tasks[0] as { id: string };
    expect(link).toBeDefined();
    expect((await call('taskStats', { token })).mining_streak).toBe(1);
    await call('validationStatus', { token });
    await call('taskProgress', { token, params: { id: anyTask.id } });
    await call('validateTask', { token, params: { id: anyTask.id } });
    await call('completeTask', { token, params: { id: link!.id } });

    // ---------- transactions ----------
    const list = await call('transactions', { token, query: { page: 1, limit: 20, search: '' } });
    await call('transactions', {
      token,
      query: {
        page: 1,
        limit: 10,
        type: 'mining_reward',
        currency: 'ZP',
        startDate: '2020-01-01',
        endDate: '2100-01-01',
      },
    });
    await call('balanceSummary', { token });
    await call('recentTransactions', { token, query: { limit: 10 } });
    await call('transactionStats', { token, query: { period: 'month' } });
    await call('transaction', { token, params: { id: list.transactions[0].id } });

    // ---------- referrals ----------
    const referrals = await call('referrals', { token });
    await call('leaderboard', { token });
    await call('leaderboards', { token });
    await call('leaderboards', { token, query: { board: 'referrals', period: 'all', scope: 'friends', page: 1 } });
    const late = await call('register', { body: registration() });
    await call('smartSuggestion', { token: late.token });
    await call('applyReferral', { token: late.token, body: { referralCode: code, userId: late.user.id } });
    await call('removeReferral', { token, params: { id: referrals.referrals[0].id } });
    await call('removePendingReferral', { token, params: { code } });

    // ---------- telegram ----------
    await call('telegramConnectionStatus', { token: late.token });
    const issued = await issueConnectionCode(server.database.db, { telegramId: BigInt(nextTelegramId()) });
    expect(issued.status).toBe('issued');
    const connectionCode = issued.status === 'issued' ? issued.code : '';
    await call('telegramVerifyConnection', { token: late.token, body: { connectionCode } });
    await call('telegramDisconnect', { token: late.token });
    await call('telegramReferralCard', { token: telegram.token });
    await call('telegramReferralStory', { token: telegram.token });

    // ---------- settings ----------
    await call('appearance', { token });
    await call('updateTheme', { token, body: { theme: 'dark' } });
    await call('updateLanguage', { token, body: { language: 'fr' } });
    const display = await call('updateDisplay', { token, body: { largeText: true } });
    expect(display.settings.display).toEqual({ reducedMotion: false, highContrast: false, largeText: true });
    await call('notifications', { token });
    await call('notificationChannels', { token });
    await call('pushPublicKey', {});
    // Subscribed and at once unsubscribed: no push is ever due for this device.
    const pushEndpoint = `https://push.example.test/${unique()}`;
    const pushKeys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await call('pushSubscribe', { token, body: { endpoint: pushEndpoint, keys: pushKeys } });
    await call('pushUnsubscribe', { token, query: { endpoint: pushEndpoint } });
    await call('updateNotifications', {
      token,
      body: { email: true, push: false, marketing: false, security: true, hideFromBoards: false },
    });
    await call('security', { token });
    const newPassword = 'Another-Passw0rd!';
    await call('changePassword', { token, body: { currentPassword: referrerBody.password, newPassword } });
    const newEmail = `n${unique()}@example.com`;
    await call('changeEmail', { token, body: { newEmail, currentPassword: newPassword } });
    const account = await call('account', { token });
    expect(account.account).toMatchObject({ email: newEmail, has_password: true });

    // ---------- wallet (a real v4R2 contract and a ton_proof signed as a wallet signs it) ----------
    const walletBefore = await call('walletStatus', { token });
    expect(walletBefore).toMatchObject({ enabled: true, wallet: null });
    const { payload } = await call('walletTonProofPayload', { token });
    const tonWallet = newWallet('v4R2');
    const linked = await call('walletTonProof', {
      token,
      body: signTonProof(tonWallet, { payload, domain: 'ziver.test' }),
    });
    expect(linked.wallet.rawAddress).toBe(tonWallet.address.toRawString());
    await call('walletUnlink', { token });
    const { payload: again } = await call('walletTonProofPayload', { token: late.token });
    await call('walletTonProof', {
      token: late.token,
      body: signTonProof(tonWallet, { payload: again, domain: 'ziver.test' }),
    });

    // ---------- admin ----------
    await server.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, referrer.user.id));
    await call('miningSettings', { token, body: { MINING_CYCLE_HOURS: CYCLE_SECONDS / 3600 } });
    const [seeded] = await server.database.db
      .insert(feedback)
      .values({ userId: late.user.id, type: 'bug', priority: 'high', title: 'Contract', message: 'A feedback' })
      .returning({ id: feedback.id });
    const inbox = await call('adminFeedback', { token, query: { type: 'bug', priority: 'high', status: 'new' } });
    expect(inbox.feedback.some((f: { id: string }) => f.id === seeded!.id)).toBe(true);
    await call('adminUpdateFeedback', {
      token,
      params: { id: seeded!.id },
      body: { status: 'resolved', reply: 'Thanks' },
    });
    await call('adminRewardFeedback', { token, params: { id: seeded!.id }, body: { zp: 10, seb: 1 } });
    await call('adminSystem', { token });
    await call('adminDailyLogin', { token, body: { zp: 5, seb: 1 } });
    await call('adminLaunchText', { token, body: { message: 'Launching soon', translations: { fr: 'Bientôt' } } });
    await call('launchText', { query: { lang: 'fr' } });
    await call('adminLaunchText', { token, body: { message: null } });
    await call('launchText');
    await call('lockdown', { token, body: { enabled: true, message: 'Contract check' } });
    await call('lockdown', { token, body: { enabled: false } });
    await call('adminUsers', { token, query: { q: late.user.username } });
    await call('adminUsers', { token, query: { sort: 'zp', dir: 'asc', role: 'USER', page: 1, pageSize: 10 } });
    // Binary (a CSV file): checked here, never by the server's JSON response check.
    const csv = await fetch(`${server.url}/api${CONTRACT.adminUsersExport.path}?q=${late.user.username}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(CONTRACT.adminUsersExport.response.safeParse(new Uint8Array(await csv.arrayBuffer())).success).toBe(true);
    called.add('adminUsersExport');
    await call('adminUser', { token, params: { id: late.user.id } });
    await server.integrity.runNow();
    const [ring] = await server.database.db
      .insert(integrityRings)
      .values({ key: 'contract-check', score: 10, memberCount: 1 })
      .returning({ id: integrityRings.id });
    const [ringMember] = await server.database.db
      .insert(users)
      .values({ username: 'contract_ring_member', referralCode: 'CONTRACTRING' })
      .returning({ id: users.id });
    await server.database.db.insert(integrityRingMembers).values({ ringId: ring!.id, userId: ringMember!.id });
    await call('adminIntegrityRings', { token, query: { page: 1 } });
    await call('adminIntegrityRing', { token, params: { id: ring!.id } });
    await call('adminIntegrityReviewRing', { token, params: { id: ring!.id }, body: { reason: 'A school network' } });
    await call('adminIntegritySuspendRing', { token, params: { id: ring!.id }, body: { reason: 'A farm' } });
    await call('adminIntegrityReverseRingRewards', { token, params: { id: ring!.id }, body: { reason: 'A farm' } });
    // A held reward, due (the invitee has a mining reward): released, then the invitee reviewed.
    const [held] = await server.database.db
      .insert(referralsTable)
      .values({ referrerId: late.user.id, referredId: ringMember!.id, source: 'signup', rewardHeldAt: new Date() })
      .returning({ id: referralsTable.id });
    await server.database.db.insert(transactions).values({
      userId: ringMember!.id,
      type: 'mining_reward',
      currency: 'ZP',
      amount: 1,
      description: 'Mining reward',
      idempotencyKey: `contract-held:${held!.id}`,
    });
    await call('adminIntegrityHeldReward', {
      token,
      params: { id: held!.id },
      body: { action: 'release', reason: 'A real friend' },
    });
    await call('adminIntegrityReviewAccount', {
      token,
      params: { id: ringMember!.id },
      body: { reason: 'A real person' },
    });
    await call('adminChangeRole', { token, params: { id: googleIdentity.user.id }, body: { role: 'TESTER' } });
    await call('adminAdjustBalance', {
      token,
      params: { id: late.user.id },
      body: { currency: 'ZP', amount: 1, reason: 'Contract check' },
    });
    await call('adminSuspendUser', { token, params: { id: googleIdentity.user.id }, body: { reason: 'Spam' } });
    await call('adminReactivateUser', { token, params: { id: googleIdentity.user.id } });
    const createdTask = await call('adminCreateTask', {
      token,
      body: {
        title: 'Contract task',
        description: 'Visit the site',
        kind: 'link',
        link_url: 'https://example.com',
        zp_reward: 5,
        translations: { es: { title: 'Tarea del contrato', description: 'Visita el sitio' } },
      },
    });
    await call('adminTasks', { token });
    await call('adminUpdateTask', {
      token,
      params: { id: createdTask.task.id },
      body: { translations: { fr: { title: 'Tâche du contrat' } } },
    });
    await call('adminRetireTask', { token, params: { id: createdTask.task.id } });
    await call('adminReactivateTask', { token, params: { id: createdTask.task.id } });
    await server.database.db.insert(users).values({
      username: `tg${unique()}`,
      referralCode: `TG${unique().toUpperCase()}`,
      telegramId: BigInt(nextTelegramId()),
    });
    await call('adminAnnouncementAudience', { token, query: { language: 'en' } });
    const announced = await call('adminCreateAnnouncement', {
      token,
      body: { text: '<b>Hello</b>', format: 'html', withButton: true, language: null },
    });
    await call('adminAnnouncement', { token, params: { id: announced.announcement.id } });
    await call('adminAnnouncements', { token });
    await call('adminCancelAnnouncement', { token, params: { id: announced.announcement.id } });
    await call('adminWithdrawNotice', { token, params: { id: announced.announcement.id } });
    const noticed = await call('adminCreateAnnouncement', {
      token,
      body: { text: 'Maintenance on Sunday', format: 'plain', translations: { fr: 'Maintenance dimanche' } },
    });
    const notices = await call('notices', { token: late.token });
    expect(notices.notices.map((notice: { id: string }) => notice.id)).toContain(noticed.announcement.id);
    await call('dismissNotice', { token: late.token, params: { id: noticed.announcement.id } });
    await call('adminMessageUser', { token, params: { id: late.user.id }, body: { text: 'Hi', format: 'plain' } });
    await call('adminAuditLog', { token, query: { page: 1, limit: 20 } });
    await call('adminDashboard', { token, query: { days: '30' } });
    const exported = await fetch(`${server.url}/api${CONTRACT.adminWalletsExport.path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([exported.status, exported.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(CONTRACT.adminWalletsExport.response.safeParse(new Uint8Array(await exported.arrayBuffer())).success).toBe(
      true,
    );
    called.add('adminWalletsExport');
    await call('adminUnlinkWallet', { token, params: { id: late.user.id } });

    // ---------- one-time login token, 2FA ----------
    const issuedLogin = await call('loginToken', { token: late.token });
    await call('tokenLogin', { body: { token: issuedLogin.token } });
    const setup = await call('twoFactorSetup', { token: late.token });
    const authenticator = new TestAuthenticator(setup.manualEntryCode);
    await call('toggleTwoFactor', {
      token: late.token,
      body: { enable: true, verificationCode: await authenticator.nextCode() },
    });
    const challenge = await call('login', { body: { email: late.user.email, password: 'password123' } });
    expect(challenge.twoFactorRequired).toBe(true);
    await call('verifyTwoFactor', {
      body: { token: challenge.token, verificationCode: await authenticator.nextCode() },
    });

    // ---------- forgot and reset password ----------
    const forgetful = registration();
    const { user: forgetfulUser } = await call('register', { body: forgetful });
    await call('forgotPassword', { body: { email: forgetful.email } });
    const resetToken = randomToken();
    await server.database.db.insert(passwordResetTokens).values({
      userId: forgetfulUser.id,
      tokenHash: sha256Hex(resetToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await call('resetPassword', { body: { token: resetToken, password: 'Reset-pass-1!' } });

    // ---------- email verification ----------
    const unverified = registration();
    const { user: unverifiedUser, token: unverifiedToken } = await call('register', { body: unverified });
    await call('resendVerificationEmail', { token: unverifiedToken });
    const verificationToken = randomToken();
    await server.database.db.insert(emailVerificationTokens).values({
      userId: unverifiedUser.id,
      email: unverified.email,
      tokenHash: sha256Hex(verificationToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await call('verifyEmail', { body: { token: verificationToken } });

    await call('logout', { token });
  });

  it('answers errors in the one error shape', async () => {
    const res = await fetch(`${server.url}/api/mining/status`);
    expect(res.status).toBe(401);
    expect(errorResponseSchema.safeParse(await res.json()).success).toBe(true);
  });

  it('called every endpoint of the contract', () => {
    const missing = Object.keys(CONTRACT).filter((id) => !called.has(id as ContractId));
    expect(missing).toEqual([]);
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  it('serves an OpenAPI 3.1 document with every contract path, and a page that needs no CDN', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(CONTRACT)) {
      expect(doc.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()]).toBeDefined();
    }
    // Uploads are multipart forms whose file fields are binary strings; a stored file answers bytes.
    const form = (path: string) =>
      (doc.paths[path]!.post as any).requestBody.content['multipart/form-data'].schema as {
        properties: Record<string, any>;
        required: string[];
      };
    const feedbackForm = form('/api/feedback');
    expect(feedbackForm.required).toEqual(['title', 'message', 'type', 'priority']);
    expect(feedbackForm.properties.attachments).toMatchObject({ type: 'array', maxItems: 5 });
    expect(feedbackForm.properties.attachments.items).toMatchObject({ type: 'string', format: 'binary' });
    expect(form('/api/user/avatar')).toMatchObject({
      required: ['avatar'],
      properties: { avatar: { format: 'binary' } },
    });
    expect(Object.keys((doc.paths['/api/feedback']!.post as any).responses)).toEqual(['201', 'default']);
    expect(Object.keys((doc.paths['/api/files/{key}']!.get as any).responses['200'].content)).toEqual(['image/*']);
    expect(Object.keys((doc.paths['/api/admin/users/export']!.get as any).responses['200'].content)).toEqual([
      'text/csv',
    ]);
    const page = await fetch(`${server.url}/api/docs`);
    const html = await page.text();
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${server.url}/api/docs/docs.js`);
    expect(await script.text()).toContain("fetch('/api/openapi.json')");
  });
});
