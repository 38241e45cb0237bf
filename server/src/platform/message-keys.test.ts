import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishMessage, isServerMessageKey, renderMessage, SERVER_MESSAGE_KEYS } from '@ziver/shared';
import { registerUser } from '../testing/factories.js';
import { insertUser } from '../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

/**
 * Issue 12: every answer with a text carries `messageKey` (an entry of the message list) and
 * `params` beside the English `message`, for errors and successes of every feature, from plain
 * fetch. The server runs with CONTRACT_CHECK=strict, which also refuses (500) any answer with a
 * message but no known key.
 */
let server: TestServer;
let user: Awaited<ReturnType<typeof registerUser>>;
let admin: { token: string };

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  user = await registerUser(server);
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(async () => {
  await server.stop();
});

type Keyed = { success: boolean; message: string; messageKey: string; params: Record<string, unknown>; code?: string };

/** The answer's key, params and English message agree with the list. */
function expectKeyed(body: Keyed, key: string, params: Record<string, string | number> = {}) {
  expect(body.messageKey).toBe(key);
  expect(body.params).toEqual(params);
  expect(isServerMessageKey(body.messageKey)).toBe(true);
  expect(body.message).toBe(englishMessage(body.messageKey as never, params));
}

describe('errors carry messageKey and params', () => {
  it('auth: wrong password, and the spec text for an existing user stays verbatim in message', async () => {
    const wrong = await server.post<Keyed>('/api/auth/login', { email: user.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expectKeyed(wrong.body, 'server.invalidCredentials');
    const taken = await server.post<Keyed>('/api/auth/register', {
      username: `${user.username}x`,
      email: user.email,
      password: 'secret-pass-1',
    });
    expect(taken.status).toBe(409);
    expectKeyed(taken.body, 'settings.emailTaken');
  });

  it('validation: the first issue as the answer, and one key per field issue in details', async () => {
    const res = await server.post<Keyed & { details: Keyed[] }>('/api/auth/register', {
      username: 'ab',
      email: 'not-an-email',
      password: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(isServerMessageKey(res.body.messageKey)).toBe(true);
    const byField = Object.fromEntries(res.body.details.map((d) => [(d as unknown as { field: string }).field, d]));
    expect(byField.username?.messageKey).toBe('spec.usernameTooShort');
    expect(byField.username?.message).toBe('Username must be at least 3 characters');
    expect(byField.email?.messageKey).toBe('spec.invalidEmail');
    for (const issue of res.body.details) expect(isServerMessageKey(issue.messageKey)).toBe(true);
  });

  it("zod's own wording becomes 'Invalid value for <field>' with the field as a param", async () => {
    const res = await server.request<Keyed>('PUT', '/api/settings/appearance/display', {
      token: user.token,
      body: { reducedMotion: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(isServerMessageKey(res.body.messageKey)).toBe(true);
  });

  it('request-level refusals: unknown route (with params), bad JSON, no session', async () => {
    const route = await server.get<Keyed>('/api/no-such-thing');
    expect(route.status).toBe(404);
    expectKeyed(route.body, 'server.noRoute', { method: 'GET', path: '/api/no-such-thing' });
    const json = await server.request<Keyed>('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    const raw = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    expectKeyed((await raw.json()) as Keyed, 'server.invalidJson');
    const anonymous = await server.get<Keyed>('/api/mining/status');
    expect(anonymous.status).toBe(401);
    expectKeyed(anonymous.body, 'server.authRequired');
  });

  it('mining: claiming with no cycle', async () => {
    const res = await server.post<Keyed>('/api/mining/claim', {}, user.token);
    expect(res.status).toBe(409);
    expectKeyed(res.body, 'server.miningNotStarted');
  });

  it('tasks, referrals, feedback, ledger, telegram: their not-found and refusals', async () => {
    const task = await server.post<Keyed>('/api/tasks/00000000-0000-4000-8000-000000000000/complete', {}, user.token);
    expect(task.status).toBe(404);
    expectKeyed(task.body, 'tasks.notFound');
    const code = await server.post<Keyed>('/api/referrals/apply', { referralCode: 'NOPE0000' }, user.token);
    expect(code.status).toBe(404);
    expectKeyed(code.body, 'referrals.invalidCode');
    const own = await server.post<Keyed>('/api/referrals/apply', { referralCode: user.user.referral_code }, user.token);
    expect(own.status).toBe(400);
    expectKeyed(own.body, 'referrals.ownCode');
    const fb = await server.get<Keyed>('/api/feedback/00000000-0000-4000-8000-000000000000', user.token);
    expect(fb.status).toBe(404);
    expectKeyed(fb.body, 'feedback.notFound');
    const tx = await server.get<Keyed>('/api/transactions/00000000-0000-4000-8000-000000000000', user.token);
    expect(tx.status).toBe(404);
    expectKeyed(tx.body, 'economy.transactionNotFound');
    const connect = await server.post<Keyed>('/api/telegram/verify-connection', { connectionCode: '12' }, user.token);
    expect(connect.status).toBe(400);
    expectKeyed(connect.body, 'telegram.codeFormat');
  });

  it('admin: a non-admin is refused; an unknown user is not found', async () => {
    const refused = await server.get<Keyed>('/api/admin/users?q=x', user.token);
    expect(refused.status).toBe(403);
    expectKeyed(refused.body, 'server.forbidden');
    const missing = await server.get<Keyed>('/api/admin/users/00000000-0000-4000-8000-000000000000', admin.token);
    expect(missing.status).toBe(404);
    expectKeyed(missing.body, 'admin.userNotFound');
  });
});

describe('successes carry messageKey and params', () => {
  it('auth: login, and a welcome back with the username as a param in the list', async () => {
    const res = await server.post<Keyed>('/api/auth/login', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expectKeyed(res.body, 'server.loggedIn');
  });

  it('mining: start', async () => {
    const res = await server.post<Keyed>('/api/mining/start', {}, user.token);
    expect(res.status).toBe(201);
    expectKeyed(res.body, 'server.miningStarted');
    const again = await server.post<Keyed>('/api/mining/start', {}, user.token);
    expectKeyed(again.body, 'server.miningAlreadyActive');
  });

  it('settings: the language change names the language as a param (spec §8 text verbatim in message)', async () => {
    const res = await server.request<Keyed>('PUT', '/api/settings/appearance/language', {
      token: user.token,
      body: { language: 'es' },
    });
    expect(res.status).toBe(200);
    expectKeyed(res.body, 'settings.languageChanged', { language: 'Spanish' });
    expect(res.body.message).toBe('Language changed to Spanish');
  });

  it('profile, daily login and logout', async () => {
    const profile = await server.request<Keyed>('PUT', '/api/user/profile', {
      token: user.token,
      body: { bio: 'hello' },
    });
    expect(profile.status).toBe(200);
    expectKeyed(profile.body, 'profile.updated');
    const daily = await server.post<Keyed>('/api/user/activity', { activityType: 'DAILY_LOGIN' }, user.token);
    expect(daily.status).toBe(200);
    expect(['economy.dailyLoginCredited', 'economy.dailyLoginAlreadyCredited']).toContain(daily.body.messageKey);
    const other = await registerUser(server);
    const out = await server.post<Keyed>('/api/auth/logout', {}, other.token);
    expect(out.status).toBe(200);
    expectKeyed(out.body, 'server.loggedOut');
  });

  it('lockdown: the admin toggles it; a custom notice is sent as written (server.verbatim)', async () => {
    const on = await server.request<Keyed>('PUT', '/api/system/lockdown', {
      token: admin.token,
      body: { enabled: true, message: 'Back at noon' },
    });
    expect(on.status).toBe(200);
    expectKeyed(on.body, 'system.lockdownEnabled');
    const refused = await server.get<Keyed>('/api/tasks', user.token);
    expect(refused.status).toBe(503);
    expectKeyed(refused.body, 'server.verbatim', { text: 'Back at noon' });
    const off = await server.request<Keyed>('PUT', '/api/system/lockdown', {
      token: admin.token,
      body: { enabled: false, message: null },
    });
    expectKeyed(off.body, 'system.lockdownDisabled');
  });
});

describe('the OpenAPI document', () => {
  it('lists every key and shows messageKey and params on errors and on answers with a message', async () => {
    const res = await server.get<{
      components: { schemas: { MessageKey: { enum: string[] }; Error: { required: string[] } } };
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: { required?: string[] } }> }> }>
      >;
    }>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.components.schemas.MessageKey.enum).toEqual(SERVER_MESSAGE_KEYS);
    expect(res.body.components.schemas.Error.required).toEqual(expect.arrayContaining(['messageKey', 'params']));
    const logout = res.body.paths['/api/auth/logout']!.post!.responses['200']!.content['application/json']!.schema;
    expect(logout.required).toEqual(expect.arrayContaining(['message', 'messageKey', 'params']));
  });
});

it('a key renders in every language with its params (what clients do with an answer)', () => {
  expect(renderMessage('de', 'settings.languageChanged', { language: 'Spanish' })).toContain('Spanish');
  expect(renderMessage('es', 'server.invalidCredentials')).not.toBe(englishMessage('server.invalidCredentials'));
});
