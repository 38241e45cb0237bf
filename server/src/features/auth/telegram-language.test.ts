import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { users } from '../../platform/db/schema.js';
import { nextTelegramId, signInitData, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { languageFromTelegram } from './sign-in-with-telegram.js';

let recorder: BotApiRecorder;
let server: TestServer;
beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
  });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

describe("a Telegram sign-in's account speaks the user's Telegram language and follows Telegram's theme", () => {
  it.each([
    ['es', 'es'],
    ['fr', 'fr'],
    ['de-AT', 'de'],
    ['zh-hans', 'zh'],
    ['pt-br', 'en'],
    [undefined, 'en'],
  ] as const)('language_code %s → %s', async (languageCode, expected) => {
    const id = nextTelegramId();
    const user = { id, first_name: 'Lia', ...(languageCode ? { language_code: languageCode } : {}) };
    const res = await server.post('/api/auth/telegram', { initData: signInitData({ user }) });
    expect(res.status).toBe(200);
    expect(res.body.isNewUser).toBe(true);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, res.body.user.id));
    expect(row!.language).toBe(expected);
    // No theme picked yet: the app follows Telegram's.
    expect(row!.theme).toBe('auto');
  });

  it('an existing account keeps the language it has', async () => {
    const id = nextTelegramId();
    const first = await server.post('/api/auth/telegram', {
      initData: signInitData({ user: { id, first_name: 'Lia', language_code: 'de' } }),
    });
    const again = await server.post('/api/auth/telegram', {
      initData: signInitData({ user: { id, first_name: 'Lia', language_code: 'fr' } }),
    });
    expect(again.body.isNewUser).toBe(false);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, first.body.user.id));
    expect(row!.language).toBe('de');
  });

  it('languageFromTelegram maps primary subtags and defaults to English', () => {
    expect(languageFromTelegram('ES')).toBe('es');
    expect(languageFromTelegram('zh_TW')).toBe('zh');
    expect(languageFromTelegram('')).toBe('en');
    expect(languageFromTelegram(null)).toBe('en');
  });
});
