import { afterEach, describe, expect, it } from 'vitest';
import { buildStartUpdate, startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { main } from './telegram-check.js';

const TOKEN = `123456:${'C'.repeat(35)}`;

let recorder: BotApiRecorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

async function run(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main({ NODE_ENV: 'test', ...env }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run telegram:check', () => {
  it('long polling: the username, no webhook, pending updates, no error; exit 0', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN, botInfo: { username: 'ziver_check_bot' } });
    recorder.pushUpdate(buildStartUpdate({ from: { id: 1 } }));
    const { code, out } = await run({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: recorder.url });
    expect(out).toBe(
      [
        'Bot:                 @ziver_check_bot (id 123456)',
        'Webhook:             none (long polling)',
        'Pending updates:     1',
        'Last delivery error: none',
      ].join('\n'),
    );
    expect(code).toBe(0);
    expect(recorder.calls.map((c) => c.method)).toEqual(['getMe', 'getWebhookInfo']);
  });

  it("webhook: compares with PUBLIC_URL and reports Telegram's last delivery error; exit 1", async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    await fetch(`${recorder.url}/bot${TOKEN}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://ziver.test/api/telegram/webhook' }),
    });
    recorder.setLastWebhookError({
      message: 'Wrong response from the webhook: 502 Bad Gateway',
      date: new Date('2026-01-02T03:04:05Z'),
    });
    const { code, out } = await run({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      PUBLIC_URL: 'https://ziver.test',
    });
    expect(out).toContain('Webhook:             https://ziver.test/api/telegram/webhook');
    expect(out).toContain('Expected webhook:    https://ziver.test/api/telegram/webhook (matches)');
    expect(out).toContain(
      'Last delivery error: 2026-01-02T03:04:05.000Z Wrong response from the webhook: 502 Bad Gateway',
    );
    expect(code).toBe(1);
  });

  it('a refused token, an unreachable Bot API and no token: clear messages, never the token', async () => {
    recorder = await startBotApiRecorder({ token: `654321:${'D'.repeat(35)}` });
    const refused = await run({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: recorder.url });
    expect(refused).toMatchObject({ code: 1, err: 'Telegram refused TELEGRAM_BOT_TOKEN (401 Unauthorized).' });

    const root = recorder.url;
    await recorder.close();
    recorder = undefined;
    const unreachable = await run({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: root });
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain(`Could not reach the Telegram Bot API at ${root}`);
    expect(`${unreachable.out}${unreachable.err}`).not.toContain(TOKEN.split(':')[1]);

    expect(await run({})).toMatchObject({ code: 2, err: 'TELEGRAM_BOT_TOKEN is not set: the bot is off.' });
  });
});
