import { afterEach, describe, expect, it } from 'vitest';
import type { CreateBotOptions } from '../bot.js';
import { miningReadyMessage, passwordResetMessage } from '../notifications.js';
import type { AccountSummary, BotServices } from '../services.js';
import {
  buildGroupChat,
  buildMessageUpdate,
  buildMyChatMemberUpdate,
  startTestBot,
  type RecordedCall,
  type TestBot,
} from '../testing/index.js';

const MINIAPP_URL = 'https://ziver.test';
const OPEN_BUTTON = { inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: MINIAPP_URL } }]] };

let running: TestBot | undefined;

async function start(options: Omit<CreateBotOptions, 'token' | 'apiRoot' | 'logger'> = {}): Promise<TestBot> {
  running = await startTestBot({ miniappUrl: MINIAPP_URL, ...options });
  return running;
}

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function replyTo(testBot: TestBot, chatId: number): Promise<RecordedCall> {
  return testBot.recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId);
}

const linkedAccount: AccountSummary = {
  username: 'amina',
  zpBalance: 12345.25,
  sebScore: 320,
  tier: 'BEGINNER',
  streakDays: 3,
  mining: { state: 'running', secondsLeft: 2 * 3600 + 15 * 60 },
};

function accountsFor(byTelegramId: Record<number, AccountSummary>, seen: number[] = []): BotServices['accounts'] {
  return {
    summary: async ({ telegramId }) => {
      seen.push(telegramId);
      return byTelegramId[telegramId] ?? null;
    },
  };
}

describe('/balance', () => {
  it('shows the linked account: ZP, SEB score and tier, streak and time left in the running cycle', async () => {
    const testBot = await start({ services: { accounts: accountsFor({ 601: linkedAccount }) } });
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 601, language_code: 'en' } }));

    expect((await replyTo(testBot, 601)).payload).toEqual({
      chat_id: 601,
      text:
        'Your Ziver account: amina\n\n' +
        'ZP balance: 12,345.25\n' +
        'SEB score: 320 (Beginner)\n' +
        'Daily streak: 3\n' +
        'Mining: in progress, 2h 15m left',
      reply_markup: OPEN_BUTTON,
    });
  });

  it("answers in the user's language, with the language's number format and the mining state", async () => {
    const testBot = await start({
      services: {
        accounts: accountsFor({
          602: { ...linkedAccount, zpBalance: 1250.5, sebScore: 15000, tier: 'ELITE', mining: { state: 'ready' } },
          603: { ...linkedAccount, mining: { state: 'idle' } },
        }),
      },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 602, language_code: 'es' } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 603, language_code: 'de' } }));

    expect((await replyTo(testBot, 602)).payload).toEqual({
      chat_id: 602,
      text:
        'Tu cuenta de Ziver: amina\n\n' +
        'Saldo de ZP: 1250,5\n' +
        'Puntuación SEB: 15.000 (Élite)\n' +
        'Racha diaria: 3\n' +
        'Minería: tu recompensa está lista. Abre Ziver para reclamarla.',
      reply_markup: { inline_keyboard: [[{ text: 'Abrir Ziver', web_app: { url: MINIAPP_URL } }]] },
    });
    expect((await replyTo(testBot, 603)).payload.text).toBe(
      'Dein Ziver-Konto: amina\n\n' +
        'ZP-Guthaben: 12.345,25\n' +
        'SEB-Punktzahl: 320 (Einsteiger)\n' +
        'Tägliche Serie: 3\n' +
        'Mining: läuft nicht. Öffne Ziver, um einen neuen Zyklus zu starten.',
    );
  });

  it("writes the mining countdown and the streak with Intl in the user's language", async () => {
    const account = { ...linkedAccount, streakDays: 1200 };
    const testBot = await start({ services: { accounts: accountsFor({ 606: account, 607: account, 608: account }) } });
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 606, language_code: 'de' } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 607, language_code: 'fr' } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 608, language_code: 'zh-hans' } }));
    const lines = async (chatId: number) =>
      String((await replyTo(testBot, chatId)).payload.text)
        // Lines and Intl's no-break spaces compared as plain spaces.
        .replace(/\s/g, ' ');
    expect(await lines(606)).toContain('Tägliche Serie: 1.200 Mining: läuft, noch 2 Std. 15 Min.');
    expect(await lines(607)).toContain('Série quotidienne : 1 200 Minage : en cours, encore 2 h 15 min');
    expect(await lines(608)).toContain('每日连续：1,200 挖矿：进行中，剩余 2小时 15分钟');
  });

  it('tells an unlinked Telegram user how to connect, in two languages', async () => {
    const testBot = await start({ services: { accounts: accountsFor({}) } });
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 604, language_code: 'en' } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 605, language_code: 'fr' } }));

    expect((await replyTo(testBot, 604)).payload).toEqual({
      chat_id: 604,
      text:
        'Your Telegram account is not connected to a Ziver account yet.\n\n' +
        'New to Ziver? Open the app: you are signed in with Telegram.\n' +
        'Already have an account on the web? Send /connect and enter the code on the Referrals page.',
      reply_markup: OPEN_BUTTON,
    });
    expect((await replyTo(testBot, 605)).payload).toEqual({
      chat_id: 605,
      text:
        "Votre compte Telegram n'est pas encore connecté à un compte Ziver.\n\n" +
        "Nouveau sur Ziver ? Ouvrez l'app : vous êtes connecté avec Telegram.\n" +
        'Vous avez déjà un compte sur le web ? Envoyez /connect et saisissez le code sur la page Parrainages.',
      reply_markup: { inline_keyboard: [[{ text: 'Ouvrir Ziver', web_app: { url: MINIAPP_URL } }]] },
    });
  });

  it('shows an http (development) app URL as text', async () => {
    const testBot = await start({ miniappUrl: 'http://localhost:5173', services: { accounts: accountsFor({}) } });
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 606 } }));
    const { payload } = await replyTo(testBot, 606);
    expect(payload.text).toMatch(/Referrals page\.\n\nOpen Ziver here: http:\/\/localhost:5173$/);
    expect(payload.reply_markup).toBeUndefined();
  });

  it('never shows balances in a group: points to a private chat without asking the service', async () => {
    const seen: number[] = [];
    const testBot = await start({ services: { accounts: accountsFor({ 607: linkedAccount }, seen) } });
    const group = buildGroupChat();
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance@ziver_test_bot', { from: { id: 607 }, chat: group }));

    expect((await replyTo(testBot, group.id)).payload).toEqual({
      chat_id: group.id,
      text: 'For your privacy I answer this only in a private chat with me.',
      reply_markup: { inline_keyboard: [[{ text: 'Open a private chat', url: 'https://t.me/ziver_test_bot' }]] },
    });
    expect(seen).toEqual([]);
  });

  it('says it is unavailable when the server provides no account service', async () => {
    const testBot = await start();
    testBot.recorder.pushUpdate(buildMessageUpdate('/balance', { from: { id: 608 } }));
    expect((await replyTo(testBot, 608)).payload).toEqual({
      chat_id: 608,
      text: 'This is not available right now. Please try again later.',
    });
  });
});

describe('/connect', () => {
  it('sends the code as a tap-to-copy entity and explains where to enter it', async () => {
    const issued: unknown[] = [];
    const testBot = await start({
      services: {
        connectionCodes: {
          issue: async (input) => {
            issued.push(input);
            return { status: 'issued', code: '042917', expiresAt: new Date(Date.now() + 600_000), ttlMinutes: 10 };
          },
        },
      },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/connect', { from: { id: 611, username: 'amina' } }));

    const first = 'Your connection code: 042917';
    expect((await replyTo(testBot, 611)).payload).toEqual({
      chat_id: 611,
      text:
        `${first}\n\n` +
        'Open Ziver on the web, go to the Referrals page and enter this code in the Telegram card. ' +
        'It is valid for 10 minutes and works once. Sending /connect again replaces it.',
      entities: [{ type: 'code', offset: first.indexOf('042917'), length: 6 }],
    });
    expect(issued).toEqual([{ telegramId: 611, telegramUsername: 'amina' }]);
  });

  it('in Chinese, the entity still covers exactly the code', async () => {
    const testBot = await start({
      services: {
        connectionCodes: {
          issue: async () => ({ status: 'issued', code: '555123', expiresAt: new Date(), ttlMinutes: 10 }),
        },
      },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/connect', { from: { id: 612, language_code: 'zh-hans' } }));
    const { payload } = await replyTo(testBot, 612);
    const text = payload.text as string;
    const [entity] = payload.entities as { offset: number; length: number }[];
    expect(text.slice(entity!.offset, entity!.offset + entity!.length)).toBe('555123');
    expect(text).toMatch(/^你的连接代码：555123\n\n/);
  });

  it('tells a user who is already linked which account it is', async () => {
    const testBot = await start({
      services: { connectionCodes: { issue: async () => ({ status: 'already_linked', username: 'amina' }) } },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/connect', { from: { id: 613 } }));
    expect((await replyTo(testBot, 613)).payload).toEqual({
      chat_id: 613,
      text:
        'Your Telegram account is already connected to the Ziver account amina. ' +
        'To connect another account, disconnect this one on the Referrals page first.',
    });
  });

  it('never issues a code in a group', async () => {
    const issued: unknown[] = [];
    const testBot = await start({
      services: {
        connectionCodes: {
          issue: async (input) => {
            issued.push(input);
            return { status: 'issued', code: '000000', expiresAt: new Date(), ttlMinutes: 10 };
          },
        },
      },
    });
    const group = buildGroupChat();
    testBot.recorder.pushUpdate(buildMessageUpdate('/connect', { from: { id: 614 }, chat: group }));
    expect((await replyTo(testBot, group.id)).payload.text).toBe(
      'For your privacy I answer this only in a private chat with me.',
    );
    expect(issued).toEqual([]);
  });
});

describe('/login', () => {
  it('sends a one-time https sign-in link as a URL button', async () => {
    const testBot = await start({
      services: {
        loginLinks: {
          issue: async ({ telegramId }) =>
            telegramId === 621 ? { url: 'https://ziver.test/login?token=abc', ttlMinutes: 10 } : null,
        },
      },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/login', { from: { id: 621 } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/login', { from: { id: 622 } }));

    expect((await replyTo(testBot, 621)).payload).toEqual({
      chat_id: 621,
      text: 'Your one-time link to sign in on the web. It works once, for 10 minutes. Do not share it.',
      reply_markup: { inline_keyboard: [[{ text: 'Sign in on the web', url: 'https://ziver.test/login?token=abc' }]] },
    });
    expect((await replyTo(testBot, 622)).payload.text).toMatch(/^Your Telegram account is not connected/);
  });

  it('sends an http (development) link as text: Telegram refuses it in buttons', async () => {
    const testBot = await start({
      services: {
        loginLinks: { issue: async () => ({ url: 'http://localhost:3000/login?token=abc', ttlMinutes: 10 }) },
      },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/login', { from: { id: 623 } }));
    expect((await replyTo(testBot, 623)).payload).toEqual({
      chat_id: 623,
      text:
        'Your one-time link to sign in on the web. It works once, for 10 minutes. Do not share it.\n\n' +
        'Sign in here: http://localhost:3000/login?token=abc',
    });
  });
});

describe('/reset', () => {
  const REQUESTED =
    'If this Telegram account is connected to a Ziver account, its password reset link arrives here in a moment.';

  it('asks for the link and answers the same whether or not an account is connected', async () => {
    const asked: unknown[] = [];
    const testBot = await start({
      services: { passwordResets: { request: async (input) => void asked.push(input) } },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/reset', { from: { id: 641 } }));
    expect((await replyTo(testBot, 641)).payload).toEqual({ chat_id: 641, text: REQUESTED });
    expect(asked).toEqual([{ telegramId: 641 }]);
  });

  it('never asks in a group, and says so when the server offers no resets', async () => {
    const asked: unknown[] = [];
    const inGroup = await start({
      services: { passwordResets: { request: async (input) => void asked.push(input) } },
    });
    const group = buildGroupChat();
    inGroup.recorder.pushUpdate(buildMessageUpdate('/reset', { from: { id: 642 }, chat: group }));
    expect((await replyTo(inGroup, group.id)).payload.text).toBe(
      'For your privacy I answer this only in a private chat with me.',
    );
    expect(asked).toEqual([]);
    const without = await start({ services: {} });
    without.recorder.pushUpdate(buildMessageUpdate('/reset', { from: { id: 643 } }));
    expect((await replyTo(without, 643)).payload.text).toBe('This is not available right now. Please try again later.');
  });
});

describe('passwordResetMessage', () => {
  it('puts an https link in a button and an http one in the text', () => {
    expect(
      passwordResetMessage({ language: 'fr', url: 'https://ziver.test/reset-password?token=x', minutes: 30 }),
    ).toEqual({
      text: 'Votre lien pour choisir un nouveau mot de passe Ziver. Il fonctionne une fois, pendant 30 minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Choisir un nouveau mot de passe', url: 'https://ziver.test/reset-password?token=x' }],
        ],
      },
    });
    expect(
      passwordResetMessage({ language: 'en', url: 'http://localhost:3000/reset-password?token=x', minutes: 30 }).text,
    ).toBe(
      'Your link to set a new Ziver password. It works once, for 30 minutes. If you did not ask for it, ignore this message.\n\n' +
        'Set a new password here: http://localhost:3000/reset-password?token=x',
    );
  });
});

describe('reachability', () => {
  it('records blocking and unblocking (my_chat_member), and that a user who writes can be messaged', async () => {
    const updates: unknown[] = [];
    const testBot = await start({
      services: { reachability: { update: async (input) => void updates.push(input) } },
    });
    testBot.recorder.pushUpdate(buildMyChatMemberUpdate('kicked', { from: { id: 631 } }));
    testBot.recorder.pushUpdate(buildMyChatMemberUpdate('member', { from: { id: 632 } }));
    testBot.recorder.pushUpdate(buildMessageUpdate('/help', { from: { id: 633 } }));

    await replyTo(testBot, 633);
    expect(updates).toEqual([
      { telegramId: 631, isReachable: false },
      { telegramId: 632, isReachable: true },
      { telegramId: 633, isReachable: true },
    ]);
    // Status changes are recorded silently.
    expect(testBot.recorder.callsTo('sendMessage').map((c) => c.payload.chat_id)).toEqual([633]);
  });

  it('still answers when recording reachability fails', async () => {
    const testBot = await start({
      services: {
        reachability: {
          update: async () => {
            throw new Error('database is down');
          },
        },
      },
    });
    testBot.recorder.pushUpdate(buildMessageUpdate('/help', { from: { id: 634 } }));
    expect((await replyTo(testBot, 634)).payload.text).toMatch(/^What I can do:/);
    expect(testBot.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'could not record that the user can be messaged' }),
    );
  });
});

describe('miningReadyMessage', () => {
  it('says the reward is ready, with an Open Ziver web_app button in the language', () => {
    expect(miningReadyMessage({ language: 'en', miniappUrl: MINIAPP_URL })).toEqual({
      text: 'Your mining cycle is complete: your ZP reward is ready to claim!',
      reply_markup: { inline_keyboard: [[{ text: 'Open Ziver', web_app: { url: MINIAPP_URL } }]] },
    });
    expect(JSON.parse(JSON.stringify(miningReadyMessage({ language: 'de', miniappUrl: MINIAPP_URL })))).toEqual({
      text: 'Dein Mining-Zyklus ist abgeschlossen: Deine ZP-Belohnung ist bereit zum Abholen!',
      reply_markup: { inline_keyboard: [[{ text: 'Ziver öffnen', web_app: { url: MINIAPP_URL } }]] },
    });
  });

  it('falls back to the address as text (http) or no link (none)', () => {
    expect(miningReadyMessage({ language: 'en', miniappUrl: 'http://localhost:5173' })).toEqual({
      text: 'Your mining cycle is complete: your ZP reward is ready to claim!\n\nOpen Ziver here: http://localhost:5173',
    });
    expect(miningReadyMessage({ language: 'en', miniappUrl: undefined })).toEqual({
      text: 'Your mining cycle is complete: your ZP reward is ready to claim!',
    });
  });
});
