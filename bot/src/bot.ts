import { Bot, Composer, InlineKeyboard, type Context } from 'grammy';

export type BotLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type CreateBotOptions = {
  token: string;
  apiRoot?: string;
  miniappUrl?: string | undefined;
  logger?: BotLogger;
};

export type ZiverBot = Bot<Context> & { setUp(): Promise<void> };

/** Placeholder composition; the bot feature set is built out in bot/src/features. */
export function createBot(options: CreateBotOptions): ZiverBot {
  const bot = new Bot<Context>(options.token, options.apiRoot ? { client: { apiRoot: options.apiRoot } } : {});
  const start = new Composer<Context>();
  start.command('start', async (ctx) => {
    const keyboard = options.miniappUrl ? new InlineKeyboard().webApp('Open Ziver', options.miniappUrl) : undefined;
    await ctx.reply('Welcome to Ziver!', keyboard ? { reply_markup: keyboard } : {});
  });
  bot.use(start);
  return Object.assign(bot, { setUp: async () => {} });
}
