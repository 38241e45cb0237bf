import { afterEach, describe, expect, it } from 'vitest';
import { startBotApiRecorder, type BotApiRecorder } from './bot-api-recorder.js';
import { buildStartUpdate } from './updates.js';

const TOKEN = `123456:${'A'.repeat(35)}`;
let recorder: BotApiRecorder | undefined;

afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

async function call(method: string, body: unknown, token = TOKEN) {
  const res = await fetch(`${recorder!.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { ok: boolean; result?: any; error_code?: number; description?: string },
  };
}

describe('Bot API recorder', () => {
  it('answers getMe with the bot and records every call with its body', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    const me = await call('getMe', {});
    expect(me.body).toEqual({ ok: true, result: recorder.botInfo });
    expect(me.body.result).toMatchObject({ id: 123456, is_bot: true, username: 'ziver_test_bot' });
    await call('setMyCommands', { commands: [{ command: 'start', description: 'Start' }] });
    expect(recorder.calls).toEqual([
      { method: 'getMe', payload: {}, token: TOKEN, at: expect.any(Number) },
      {
        method: 'setMyCommands',
        payload: { commands: [{ command: 'start', description: 'Start' }] },
        token: TOKEN,
        at: expect.any(Number),
      },
    ]);
  });

  it('refuses another token with 401, as Telegram does', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    const res = await call('getMe', {}, '999:WRONG');
    expect(res).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(recorder.calls).toEqual([{ method: 'getMe', payload: {}, token: '999:WRONG', at: expect.any(Number) }]);
  });

  it('queues updates for getUpdates, honouring offset and limit', async () => {
    recorder = await startBotApiRecorder();
    const first = recorder.pushUpdate(buildStartUpdate());
    const second = recorder.pushUpdate(buildStartUpdate());
    expect(second.update_id).toBeGreaterThan(first.update_id);

    expect((await call('getUpdates', { limit: 1 })).body.result).toEqual([first]);
    expect((await call('getUpdates', { offset: 0 })).body.result).toEqual([first, second]);
    expect((await call('getUpdates', { offset: second.update_id })).body.result).toEqual([second]);
    // Confirmed updates are gone for good.
    expect((await call('getUpdates', { offset: 0 })).body.result).toEqual([second]);
  });

  it('holds a long poll until an update arrives, or returns [] after the (capped) timeout', async () => {
    recorder = await startBotApiRecorder({ maxPollSeconds: 0.2 });
    const t0 = Date.now();
    expect((await call('getUpdates', { timeout: 30 })).body.result).toEqual([]);
    // Held for the capped 0.2 s at least (a busy machine only makes it longer), and not for the
    // asked 30 s: the far bound leaves a loaded machine 20 s of slack.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(Date.now() - t0).toBeLessThan(20_000);

    const earlier = recorder.calls.length;
    const poll = call('getUpdates', { timeout: 30 });
    // The poll has reached the stand-in (recorded, now waiting) before the update comes.
    await recorder.waitForCall((c) => c.method === 'getUpdates' && recorder!.calls.indexOf(c) >= earlier);
    const update = recorder.pushUpdate(buildStartUpdate());
    expect((await poll).body.result).toEqual([update]);
  });

  it('answers sendMessage with a realistic Message', async () => {
    recorder = await startBotApiRecorder();
    const markup = { inline_keyboard: [[{ text: 'Open', web_app: { url: 'https://ziver.test' } }]] };
    const sent = await call('sendMessage', { chat_id: 42, text: 'hi', reply_markup: markup });
    expect(sent.body.result).toMatchObject({
      message_id: 1,
      from: { id: recorder.botInfo.id, is_bot: true },
      chat: { id: 42, type: 'private' },
      text: 'hi',
      reply_markup: markup,
    });
    expect(typeof sent.body.result.date).toBe('number');
  });

  it('fails the next call to a method when told to', async () => {
    recorder = await startBotApiRecorder();
    recorder.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    expect((await call('sendMessage', { chat_id: 1, text: 'a' })).body).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect((await call('sendMessage', { chat_id: 1, text: 'b' })).body.ok).toBe(true);
  });

  it('tracks the webhook and refuses getUpdates while one is set', async () => {
    recorder = await startBotApiRecorder();
    await call('setWebhook', { url: 'https://ziver.test/hook', secret_token: 's3cret' });
    expect(recorder.webhook).toEqual({ url: 'https://ziver.test/hook', secretToken: 's3cret' });
    expect((await call('getUpdates', {})).status).toBe(409);
    await call('deleteWebhook', {});
    expect(recorder.webhook).toBeUndefined();
    expect((await call('getUpdates', {})).body).toEqual({ ok: true, result: [] });
  });

  it('parses multipart bodies, as grammY sends them with files', async () => {
    recorder = await startBotApiRecorder();
    const form = new FormData();
    form.set('chat_id', '7');
    form.set('reply_markup', JSON.stringify({ inline_keyboard: [] }));
    form.set('photo', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
    await fetch(`${recorder.url}/bot${TOKEN}/sendPhoto`, { method: 'POST', body: form });
    expect(recorder.callsTo('sendPhoto')[0]?.payload).toEqual({
      chat_id: '7',
      reply_markup: { inline_keyboard: [] },
      photo: { filename: 'a.png', size: 3 },
    });
  });

  it('waitForCall finds past and future calls, and times out clearly', async () => {
    recorder = await startBotApiRecorder();
    await call('getMe', {});
    await expect(recorder.waitForCall('getMe')).resolves.toMatchObject({ method: 'getMe' });
    const later = recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === 9);
    await call('sendMessage', { chat_id: 8, text: 'no' });
    await call('sendMessage', { chat_id: 9, text: 'yes' });
    await expect(later).resolves.toMatchObject({ payload: { chat_id: 9, text: 'yes' } });
    await expect(recorder.waitForCall('setWebhook', { timeoutMs: 50 })).rejects.toThrow(
      'No matching Bot API call within 50 ms (calls so far: getMe, sendMessage, sendMessage)',
    );
  });

  it('answers getChatMember as told (left when unset), including errors', async () => {
    recorder = await startBotApiRecorder();
    recorder.setChatMember('@news', 5, { status: 'member' });
    recorder.setChatMember('@news', 6, { status: 'restricted', is_member: true });
    recorder.setChatMember('@news', 7, {
      error: { error_code: 400, description: 'Bad Request: member list is inaccessible' },
    });

    expect((await call('getChatMember', { chat_id: '@news', user_id: 5 })).body.result).toMatchObject({
      status: 'member',
      user: { id: 5 },
    });
    expect((await call('getChatMember', { chat_id: '@news', user_id: 6 })).body.result).toMatchObject({
      status: 'restricted',
      is_member: true,
    });
    expect((await call('getChatMember', { chat_id: '@news', user_id: 8 })).body.result).toMatchObject({
      status: 'left',
    });
    expect(await call('getChatMember', { chat_id: '@news', user_id: 7 })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: member list is inaccessible' },
    });
  });

  it('passes error parameters through (429 retry_after)', async () => {
    recorder = await startBotApiRecorder();
    recorder.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
    expect(await call('sendMessage', { chat_id: 1, text: 'a' })).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 3',
        parameters: { retry_after: 3 },
      },
    });
  });
});
