import { AppError, renderMessage, SERVER_MESSAGES } from '@ziver/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateBotOptions } from './bot.js';
import {
  buildCallbackQueryUpdate,
  buildGroupChat,
  buildMessageUpdate,
  buildStartUpdate,
  startTestBot,
  type RecordedCall,
  type TestBot,
} from './testing/index.js';

const MINIAPP_URL = 'https://ziver.test';

const EN_ABOUT =
  'Mine ZP every cycle: start mining, come back when the cycle ends and claim your reward.\n' +
  'Earn SEB points as you mine, keep your daily streak and complete tasks.\n' +
  'Invite friends: they get a welcome bonus and you earn ZP when they start mining.';

let running: TestBot | undefined;

async function start(options: Omit<CreateBotOptions, 'token' | 'apiRoot' | 'logger'> = {}): Promise<TestBot> {
  running = await startTestBot(options);
  return running;
}

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** The bot's reply to a chat: the first sendMessage to it. */
function replyTo(testBot: TestBot, chatId: number): Promise<RecordedCall> {
  return testBot.recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId);
}

describe('/start', () => {
  it('explains the app and opens the mini app from a web_app button', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 501, language_code: 'en' } }));

    const call = await replyTo(testBot, 501);
    expect(call.payload).toEqual({
      chat_id: 501,
      text: `Welcome to Ziver!\n\n${EN_ABOUT}\n\nTap “Open Ziver” below to get started.`,
      reply_markup: { inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: 'https://ziver.test' } }]] },
    });
    // getMe (init), deleteWebhook (long polling start), then the reply: nothing else.
    expect(testBot.recorder.calls.map((c) => c.method).filter((m) => m !== 'getUpdates')).toEqual([
      'getMe',
      'deleteWebhook',
      'sendMessage',
    ]);
  });

  it('carries a referral payload to the register page as ?ref=', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 502 }, payload: 'ZIV3R_ab-9' }));

    const call = await replyTo(testBot, 502);
    expect(call.payload).toEqual({
      chat_id: 502,
      text:
        `Welcome to Ziver!\n\n${EN_ABOUT}\n\n` +
        'Your invite code ZIV3R_ab-9 is applied when you sign up in the app.\n\n' +
        'Tap “Open Ziver” below to get started.',
      reply_markup: {
        inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: 'https://ziver.test/?ref=ZIV3R_ab-9' } }]],
      },
    });
    expect(JSON.stringify(call.payload)).not.toContain('startapp');
  });

  it('ignores a malformed payload', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 503 }, payload: 'not%20a&code' }));
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 504 }, payload: 'x'.repeat(65) }));

    for (const chatId of [503, 504]) {
      const call = await replyTo(testBot, chatId);
      expect(call.payload.text).toBe(`Welcome to Ziver!\n\n${EN_ABOUT}\n\nTap “Open Ziver” below to get started.`);
      expect(call.payload.reply_markup).toEqual({
        inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: 'https://ziver.test' } }]],
      });
    }
  });

  it("answers in the user's language, English when it is not supported", async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 511, language_code: 'es' }, payload: 'CODE1' }));
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 512, language_code: 'zh-hans' } }));
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 513, language_code: 'pt-br' } }));

    const es = await replyTo(testBot, 511);
    expect(es.payload).toEqual({
      chat_id: 511,
      text:
        '¡Bienvenido a Ziver!\n\n' +
        'Mina ZP en cada ciclo: empieza a minar, vuelve cuando termine el ciclo y reclama tu recompensa.\n' +
        'Gana puntos SEB mientras minas, mantén tu racha diaria y completa tareas.\n' +
        'Invita a tus amigos: ellos reciben un bono de bienvenida y tú ganas ZP cuando empiezan a minar.\n\n' +
        'Tu código de invitación CODE1 se aplica cuando te registres en la app.\n\n' +
        'Pulsa «Abrir Ziver» abajo para empezar.',
      reply_markup: { inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: 'https://ziver.test/?ref=CODE1' } }]] },
    });
    const zh = await replyTo(testBot, 512);
    expect(zh.payload.text).toMatch(/^欢迎来到 Ziver！/);
    expect(zh.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: '打开 Ziver', web_app: { url: 'https://ziver.test' } }]],
    });
    const fallback = await replyTo(testBot, 513);
    expect(fallback.payload.text).toMatch(/^Welcome to Ziver!/);
  });

  it('explains where to sign up when no mini app URL is configured', async () => {
    const testBot = await start({ miniappUrl: undefined });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 521 }, payload: 'CODE2' }));

    const call = await replyTo(testBot, 521);
    // No button, and no promise about the code: it would go nowhere.
    expect(call.payload).toEqual({
      chat_id: 521,
      text: `Welcome to Ziver!\n\n${EN_ABOUT}\n\nSign up on the Ziver website to start mining, then come back here.`,
    });
  });

  it('shows an http (development) URL as text: web_app buttons need https', async () => {
    const testBot = await start({ miniappUrl: 'http://localhost:5173' });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 531 }, payload: 'CODE3' }));

    const call = await replyTo(testBot, 531);
    expect(call.payload).toEqual({
      chat_id: 531,
      text:
        `Welcome to Ziver!\n\n${EN_ABOUT}\n\n` +
        'Your invite code CODE3 is applied when you sign up in the app.\n\n' +
        'Open Ziver here: http://localhost:5173/?ref=CODE3',
    });
  });

  it('in a group, links to a private chat with the bot (web_app buttons are private-only)', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    const group = buildGroupChat();
    testBot.recorder.pushUpdate(buildMessageUpdate('/start@ziver_test_bot CODE4', { chat: group }));

    const call = await replyTo(testBot, group.id);
    expect(call.payload.text).toMatch(/Ziver opens in a private chat with me: tap the button below\.$/);
    expect(call.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open Ziver', url: 'https://t.me/ziver_test_bot?start=CODE4' }]],
    });
  });

  it('remembers the referral through the injected service before replying', async () => {
    const remembered: unknown[] = [];
    const testBot = await start({
      miniappUrl: MINIAPP_URL,
      services: { pendingReferrals: { remember: async (input) => void remembered.push(input) } },
    });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 541 }, payload: 'CODE5' }));
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 542 } }));

    await replyTo(testBot, 541);
    await replyTo(testBot, 542);
    expect(remembered).toEqual([{ telegramId: 541, referralCode: 'CODE5' }]);
  });
});

describe('/help and other messages', () => {
  it('/help lists the commands with the open button', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.pushUpdate(buildMessageUpdate('/help', { from: { id: 551, language_code: 'fr' } }));

    const call = await replyTo(testBot, 551);
    expect(call.payload).toEqual({
      chat_id: 551,
      text:
        'Ce que je sais faire :\n' +
        '/start – ouvrir Ziver et découvrir son fonctionnement\n' +
        '/balance – vos ZP, score SEB, série et minage\n' +
        '/connect – un code pour connecter votre compte web\n' +
        '/login – un lien à usage unique pour se connecter sur le web\n' +
        '/reset – un lien pour réinitialiser votre mot de passe, envoyé ici\n' +
        '/help – afficher ce message\n\n' +
        "Dans l'app : lancez un cycle de minage, réclamez vos ZP à la fin, accomplissez des tâches pour gagner des ZP et des SEB, " +
        'et partagez votre lien de parrainage depuis la page Parrainages.',
      reply_markup: { inline_keyboard: [[{ text: 'Ouvrir Ziver', web_app: { url: 'https://ziver.test' } }]] },
    });
  });

  it('points unknown commands and free text in private chats to /help, and stays quiet in groups', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.pushUpdate(buildMessageUpdate('/dance', { from: { id: 561, language_code: 'de' } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('hello?', { from: { id: 562 } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('gm everyone', { chat: buildGroupChat() }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/help', { from: { id: 563 } }));

    expect((await replyTo(testBot, 561)).payload).toEqual({
      chat_id: 561,
      text: 'Das habe ich leider nicht verstanden. Sende /help, um zu sehen, was ich kann.',
    });
    expect((await replyTo(testBot, 562)).payload.text).toBe(
      "Sorry, I didn't understand that. Send /help to see what I can do.",
    );
    await replyTo(testBot, 563); // updates run in order: the group message was handled before this
    expect(testBot.recorder.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([561, 562, 563]);
  });
});

describe('button taps', () => {
  it('answers every callback query, also for old or foreign buttons, in the user language', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    const old = testBot.recorder.pushUpdate(
      buildCallbackQueryUpdate('claim:v1', { from: { id: 591, language_code: 'fr' } }),
    );
    const foreign = testBot.recorder.pushUpdate(buildCallbackQueryUpdate('{"other":"bot"}', { from: { id: 592 } }));

    const answered = (id: string) =>
      testBot.recorder.waitForCall((c) => c.method === 'answerCallbackQuery' && c.payload.callback_query_id === id);
    expect((await answered(old.callback_query!.id)).payload).toEqual({
      callback_query_id: old.callback_query!.id,
      text: 'Ce bouton ne fonctionne plus. Envoyez /help pour voir ce que je sais faire.',
    });
    expect((await answered(foreign.callback_query!.id)).payload).toEqual({
      callback_query_id: foreign.callback_query!.id,
      text: 'This button no longer works. Send /help to see what I can do.',
    });
    expect(testBot.recorder.callsTo('sendMessage')).toEqual([]);
  });

  it('takes Telegram refusing a late answer calmly: logged at info, no error, keeps answering', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.failNext('answerCallbackQuery', {
      error_code: 400,
      description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
    });
    const late = testBot.recorder.pushUpdate(buildCallbackQueryUpdate('mine', { from: { id: 593 } }));
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 594 } }));

    await replyTo(testBot, 594);
    expect(testBot.recorder.callsTo('answerCallbackQuery')).toHaveLength(1);
    expect(testBot.recorder.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([594]);
    expect(testBot.logger.entries.filter((e) => e.level !== 'info')).toEqual([]);
    expect(testBot.logger.entries).toContainEqual({
      level: 'info',
      obj: { updateId: late.update_id },
      msg: 'a button tap came too late to answer',
    });
  });
});

describe('setUp', () => {
  it('publishes the commands in every language and the mini app menu button', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    await testBot.bot.setUp();

    const setUpCalls = testBot.recorder.calls
      .filter((c) => c.method === 'setMyCommands' || c.method === 'setChatMenuButton')
      .map(({ method, payload }) => ({ method, payload }));
    expect(setUpCalls).toEqual([
      {
        method: 'setMyCommands',
        payload: {
          commands: [
            { command: 'start', description: 'Open Ziver and see how it works' },
            { command: 'balance', description: 'Your balances and mining state' },
            { command: 'connect', description: 'Get a code to connect your web account' },
            { command: 'login', description: 'A one-time link to sign in on the web' },
            { command: 'reset', description: 'A link to reset your password' },
            { command: 'help', description: 'What this bot can do' },
          ],
        },
      },
      {
        method: 'setMyCommands',
        payload: {
          commands: [
            { command: 'start', description: 'Abrir Ziver y ver cómo funciona' },
            { command: 'balance', description: 'Tus saldos y el estado de la minería' },
            { command: 'connect', description: 'Obtener un código para conectar tu cuenta web' },
            { command: 'login', description: 'Un enlace de un solo uso para entrar en la web' },
            { command: 'reset', description: 'Un enlace para restablecer tu contraseña' },
            { command: 'help', description: 'Lo que puede hacer este bot' },
          ],
          language_code: 'es',
        },
      },
      {
        method: 'setMyCommands',
        payload: {
          commands: [
            { command: 'start', description: 'Ouvrir Ziver et découvrir son fonctionnement' },
            { command: 'balance', description: 'Vos soldes et l’état du minage' },
            { command: 'connect', description: 'Obtenir un code pour connecter votre compte web' },
            { command: 'login', description: 'Un lien à usage unique pour se connecter sur le web' },
            { command: 'reset', description: 'Un lien pour réinitialiser votre mot de passe' },
            { command: 'help', description: 'Ce que ce bot sait faire' },
          ],
          language_code: 'fr',
        },
      },
      {
        method: 'setMyCommands',
        payload: {
          commands: [
            { command: 'start', description: 'Ziver öffnen und sehen, wie es funktioniert' },
            { command: 'balance', description: 'Dein Guthaben und der Mining-Status' },
            { command: 'connect', description: 'Einen Code zum Verbinden deines Web-Kontos erhalten' },
            { command: 'login', description: 'Ein Einmal-Link zur Anmeldung im Web' },
            { command: 'reset', description: 'Ein Link zum Zurücksetzen deines Passworts' },
            { command: 'help', description: 'Was dieser Bot kann' },
          ],
          language_code: 'de',
        },
      },
      {
        method: 'setMyCommands',
        payload: {
          commands: [
            { command: 'start', description: '打开 Ziver 并了解玩法' },
            { command: 'balance', description: '你的余额和挖矿状态' },
            { command: 'connect', description: '获取连接网页账户的代码' },
            { command: 'login', description: '一次性网页登录链接' },
            { command: 'reset', description: '重置密码的链接' },
            { command: 'help', description: '这个机器人能做什么' },
          ],
          language_code: 'zh',
        },
      },
      {
        method: 'setChatMenuButton',
        payload: { menu_button: { type: 'web_app', text: 'Open Ziver', web_app: { url: 'https://ziver.test' } } },
      },
    ]);
  });

  it('skips the menu button, and says why, without an https mini app URL', async () => {
    for (const miniappUrl of [undefined, 'http://localhost:5173']) {
      const testBot = await start({ miniappUrl });
      await testBot.bot.setUp();
      expect(testBot.recorder.callsTo('setMyCommands')).toHaveLength(5);
      expect(testBot.recorder.callsTo('setChatMenuButton')).toEqual([]);
      expect(testBot.logger.entries).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: expect.stringContaining('menu button is not set') }),
      );
      await testBot.stop();
      running = undefined;
    }
  });
});

describe('error boundary', () => {
  it('logs a failing handler, apologises, and keeps answering', async () => {
    const failure = new Error('database is down');
    const testBot = await start({
      miniappUrl: MINIAPP_URL,
      services: {
        pendingReferrals: {
          remember: async () => {
            throw failure;
          },
        },
      },
    });
    const broken = testBot.recorder.pushUpdate(
      buildStartUpdate({ from: { id: 571, language_code: 'es' }, payload: 'CODE6' }),
    );
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 572 } }));

    expect((await replyTo(testBot, 571)).payload).toEqual({
      chat_id: 571,
      text: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo en un momento.',
    });
    expect((await replyTo(testBot, 572)).payload.text).toMatch(/^Welcome to Ziver!/);
    expect(testBot.logger.entries).toContainEqual({
      level: 'error',
      obj: { err: failure, updateId: broken.update_id, chatId: 571 },
      msg: 'bot handler failed',
    });
    expect(testBot.bot.isRunning()).toBe(true);
  });

  it("tells a use case's refusal from its key in the user's language, never the English text", async () => {
    const testBot = await start({
      miniappUrl: MINIAPP_URL,
      services: {
        pendingReferrals: {
          remember: async () => {
            throw new AppError('RATE_LIMITED', 'server.rateLimited');
          },
        },
      },
    });
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 575, language_code: 'de' }, payload: 'CODE6' }));
    const reply = (await replyTo(testBot, 575)).payload.text as string;
    expect(reply).toBe(renderMessage('de', 'server.rateLimited'));
    expect(reply).not.toBe(SERVER_MESSAGES.rateLimited);
  });

  it('logs a Bot API error (user blocked the bot) without replying again, and keeps polling', async () => {
    const testBot = await start({ miniappUrl: MINIAPP_URL });
    testBot.recorder.failNext('sendMessage', {
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    const blocked = testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 581 } }));
    testBot.recorder.pushUpdate(buildStartUpdate({ from: { id: 582 } }));

    await replyTo(testBot, 582);
    expect(testBot.recorder.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([581, 582]);
    const error = testBot.logger.entries.find((e) => e.level === 'error');
    expect(error).toMatchObject({
      msg: 'a Bot API call failed while handling an update',
      obj: {
        updateId: blocked.update_id,
        chatId: 581,
        err: { error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      },
    });
    expect(testBot.bot.isRunning()).toBe(true);
  });
});
