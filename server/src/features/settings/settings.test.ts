import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { MESSAGES, SETTINGS_MESSAGES, keyedMessage } from '@ziver/shared';
import { registerUser } from '../../testing/factories.js';
import { nextTelegramId, signInitData, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let recorder: BotApiRecorder;
let server: TestServer;
beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
  });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

const put = (path: string, body: unknown, token: string) => server.request('PUT', path, { body, token });
const login = (login: string, password: string) => server.post('/api/auth/login', { email: login, password });
const STRONG = 'N3w-Passw0rd!';

/** A passwordless account, as Telegram sign-in creates. */
async function telegramAccount() {
  const res = await server.post('/api/auth/telegram', { initData: signInitData({ user: { id: nextTelegramId() } }) });
  return { token: res.body.token as string, user: res.body.user as { id: string; username: string } };
}

describe('PUT /api/settings/security/password', () => {
  it('changes the password, revokes every other session and keeps the current one', async () => {
    const u = await registerUser(server);
    const other = await login(u.email, u.password);
    const third = await login(u.username, u.password);
    expect(other.status).toBe(200);

    const res = await put(
      '/api/settings/security/password',
      { currentPassword: u.password, newPassword: STRONG },
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ...keyedMessage('settings.passwordChanged'), revokedSessions: 2 });
    expect(res.body.settings).toMatchObject({ has_password: true, password_changed_at: expect.any(String) });

    expect((await server.get('/api/auth/me', u.token)).status).toBe(200);
    expect((await server.get('/api/auth/me', other.body.token)).status).toBe(401);
    expect((await server.get('/api/auth/me', third.body.token)).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, STRONG)).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const u = await registerUser(server);
    const other = await login(u.email, u.password);
    const res = await put(
      '/api/settings/security/password',
      { currentPassword: 'not-my-password', newPassword: STRONG },
      u.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'WRONG_PASSWORD',
      ...keyedMessage('settings.currentPasswordWrong'),
    });
    expect((await server.get('/api/auth/me', other.body.token)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it.each([
    ['short', 'Ab1!', SETTINGS_MESSAGES.passwordTooShort],
    ['no uppercase', 'abcdefg1!', MESSAGES.passwordComplexity],
    ['no lowercase', 'ABCDEFG1!', MESSAGES.passwordComplexity],
    ['no digit', 'Abcdefgh!', MESSAGES.passwordComplexity],
    ['no special from @$!%*?&', 'Abcdefg12#', MESSAGES.passwordComplexity],
    ['empty', '', SETTINGS_MESSAGES.newPasswordRequired],
  ])('refuses a new password that is %s', async (_case, newPassword, message) => {
    const u = await registerUser(server);
    const res = await put('/api/settings/security/password', { currentPassword: u.password, newPassword }, u.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('requires the current password when one is set, and a different new one', async () => {
    const u = await registerUser(server, { password: STRONG });
    const missing = await put('/api/settings/security/password', { newPassword: 'Other-Passw0rd!' }, u.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SETTINGS_MESSAGES.currentPasswordRequired);
    const same = await put(
      '/api/settings/security/password',
      { currentPassword: STRONG, newPassword: STRONG },
      u.token,
    );
    expect(same.body.message).toBe(SETTINGS_MESSAGES.newPasswordSameAsCurrent);
  });

  it('lets a passwordless (Telegram) account set a first password without a current one', async () => {
    const tg = await telegramAccount();
    const before = await server.get('/api/settings/security', tg.token);
    expect(before.body.settings).toMatchObject({ has_password: false, password_changed_at: null });
    const res = await put('/api/settings/security/password', { newPassword: STRONG }, tg.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SETTINGS_MESSAGES.passwordSet);
    expect((await server.get('/api/settings/security', tg.token)).body.settings.has_password).toBe(true);
    // From now on the current password is required.
    const next = await put('/api/settings/security/password', { newPassword: 'Other-Passw0rd!' }, tg.token);
    expect(next.status).toBe(400);
    expect((await login(tg.user.username, STRONG)).status).toBe(200);
  });
});

describe('PUT /api/settings/account/email', () => {
  it('changes the email after checking the current password', async () => {
    const u = await registerUser(server);
    const newEmail = `New.${u.email}`;
    const res = await put('/api/settings/account/email', { newEmail, currentPassword: u.password }, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      ...keyedMessage('settings.emailUpdated'),
      email: newEmail.toLowerCase(),
    });
    expect((await server.get('/api/settings/account', u.token)).body.account.email).toBe(newEmail.toLowerCase());
    expect((await login(newEmail, u.password)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(401);
  });

  it('validates with the spec messages', async () => {
    const u = await registerUser(server);
    const cases: [unknown, string][] = [
      [{ newEmail: 'not-an-email', currentPassword: u.password }, MESSAGES.invalidEmail],
      [{ newEmail: u.email.toUpperCase(), currentPassword: u.password }, MESSAGES.emailMustDiffer],
      [{ newEmail: `x${u.email}` }, SETTINGS_MESSAGES.currentPasswordRequired],
      [{ newEmail: `x${u.email}`, currentPassword: '' }, SETTINGS_MESSAGES.currentPasswordRequired],
    ];
    for (const [body, message] of cases) {
      const res = await put('/api/settings/account/email', body, u.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const wrong = await put(
      '/api/settings/account/email',
      { newEmail: `x${u.email}`, currentPassword: 'wrong-one' },
      u.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
  });

  it('answers 409 when the email belongs to another account', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const res = await put('/api/settings/account/email', { newEmail: b.email, currentPassword: a.password }, a.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', ...keyedMessage('settings.emailTaken') });
  });

  it('asks a passwordless account to set a password first', async () => {
    const tg = await telegramAccount();
    const res = await put(
      '/api/settings/account/email',
      { newEmail: `tg${Date.now()}@example.com`, currentPassword: 'anything' },
      tg.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PASSWORD_NOT_SET', ...keyedMessage('settings.passwordNotSet') });
  });
});

describe('GET /api/settings/account', () => {
  it('shows the account info and nothing secret', async () => {
    const u = await registerUser(server);
    const res = await server.get('/api/settings/account', u.token);
    expect(res.body).toEqual({
      success: true,
      account: {
        username: u.username,
        email: u.email,
        verified: false,
        created_at: expect.any(String),
        role: 'USER',
        telegram_username: null,
        has_password: true,
      },
    });
  });
});

describe('appearance', () => {
  it('reads and updates theme and language with the spec messages', async () => {
    const u = await registerUser(server);
    expect((await server.get('/api/settings/appearance', u.token)).body).toEqual({
      success: true,
      settings: {
        theme: { value: 'dark' },
        language: { value: 'en' },
        display: { reducedMotion: false, highContrast: false, largeText: false },
      },
    });
    const theme = await put('/api/settings/appearance/theme', { theme: 'light' }, u.token);
    expect(theme.body).toMatchObject({
      success: true,
      message: 'Theme updated successfully',
      settings: { theme: { value: 'light' } },
    });
    const language = await put('/api/settings/appearance/language', { language: 'es' }, u.token);
    expect(language.body).toMatchObject({ success: true, message: 'Language changed to Spanish' });
    expect((await put('/api/settings/appearance/language', { language: 'zh' }, u.token)).body.message).toBe(
      'Language changed to Chinese',
    );
    expect((await server.get('/api/settings/appearance', u.token)).body.settings).toEqual({
      theme: { value: 'light' },
      language: { value: 'zh' },
      display: { reducedMotion: false, highContrast: false, largeText: false },
    });
    expect((await server.get('/api/auth/me', u.token)).body.user).toMatchObject({ theme: 'light', language: 'zh' });
  });

  it('refuses unknown themes and languages with 400', async () => {
    const u = await registerUser(server);
    const theme = await put('/api/settings/appearance/theme', { theme: 'neon' }, u.token);
    expect(theme.status).toBe(400);
    expect(theme.body.message).toBe(SETTINGS_MESSAGES.invalidTheme);
    const language = await put('/api/settings/appearance/language', { language: 'xx' }, u.token);
    expect(language.status).toBe(400);
    expect(language.body.message).toBe(SETTINGS_MESSAGES.invalidLanguage);
    expect((await put('/api/settings/appearance/theme', {}, u.token)).status).toBe(400);
  });

  it('saves the display toggles one at a time, keeping the others', async () => {
    const u = await registerUser(server);
    const motion = await put('/api/settings/appearance/display', { reducedMotion: true }, u.token);
    expect(motion.status).toBe(200);
    expect(motion.body).toEqual({
      success: true,
      ...keyedMessage('settings.displayUpdated'),
      settings: {
        theme: { value: 'dark' },
        language: { value: 'en' },
        display: { reducedMotion: true, highContrast: false, largeText: false },
      },
    });
    await put('/api/settings/appearance/display', { largeText: true, highContrast: true }, u.token);
    await put('/api/settings/appearance/display', { highContrast: false }, u.token);
    expect((await server.get('/api/settings/appearance', u.token)).body.settings.display).toEqual({
      reducedMotion: true,
      highContrast: false,
      largeText: true,
    });
  });

  it('refuses display changes that are empty or not booleans and changes nothing', async () => {
    const u = await registerUser(server);
    const empty = await put('/api/settings/appearance/display', {}, u.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SETTINGS_MESSAGES.displayEmpty);
    const wrong = await put('/api/settings/appearance/display', { largeText: 'yes', reducedMotion: true }, u.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SETTINGS_MESSAGES.displayValue);
    expect((await server.get('/api/settings/appearance', u.token)).body.settings.display).toEqual({
      reducedMotion: false,
      highContrast: false,
      largeText: false,
    });
  });
});

describe('notifications', () => {
  it('reads the defaults and updates the toggles sent', async () => {
    const u = await registerUser(server);
    expect((await server.get('/api/settings/notifications', u.token)).body).toEqual({
      success: true,
      settings: { email: true, push: true, marketing: false, security: true, hideFromBoards: false },
    });
    const all = await put(
      '/api/settings/notifications',
      { email: false, push: true, marketing: true, security: true },
      u.token,
    );
    expect(all.body).toEqual({
      success: true,
      ...keyedMessage('settings.notificationsUpdated'),
      settings: { email: false, push: true, marketing: true, security: true, hideFromBoards: false },
    });
    const one = await put('/api/settings/notifications', { push: false }, u.token);
    expect(one.body.settings).toEqual({
      email: false,
      push: false,
      marketing: true,
      security: true,
      hideFromBoards: false,
    });
    const hidden = await put('/api/settings/notifications', { hideFromBoards: true }, u.token);
    expect(hidden.body.settings).toMatchObject({ email: false, push: false, hideFromBoards: true });
  });

  it('refuses non-boolean values and empty updates', async () => {
    const u = await registerUser(server);
    const text = await put('/api/settings/notifications', { email: 'yes' }, u.token);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(SETTINGS_MESSAGES.notificationValue);
    const empty = await put('/api/settings/notifications', {}, u.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SETTINGS_MESSAGES.notificationsEmpty);
  });
});

describe('the settings API', () => {
  it('needs a session everywhere', async () => {
    for (const path of [
      '/api/settings/appearance',
      '/api/settings/security',
      '/api/settings/notifications',
      '/api/settings/account',
    ]) {
      expect((await server.get(path)).status).toBe(401);
    }
    expect(
      (await server.request('PUT', '/api/settings/security/password', { body: { newPassword: STRONG } })).status,
    ).toBe(401);
  });
});
