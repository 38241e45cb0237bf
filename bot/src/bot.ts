import { Bot, GrammyError, HttpError, type Api, type BotError } from 'grammy';
import { apiErrorObserver, type BotApiErrorKind } from './api-errors.js';
import { createSingleAttemptApi, installApiSafety } from './api-safety.js';
import { createBotApiFetch } from './bot-api-fetch.js';
import type { BotCommand, UserFromGetMe } from 'grammy/types';
import { LANGUAGES, type Language, AppError, renderMessage } from '@ziver/shared';
import { createContextConstructor, type BotContext } from './context.js';
import { balanceFeature } from './features/balance.js';
import { connectFeature } from './features/connect.js';
import { fallbackFeature } from './features/fallback.js';
import { helpFeature } from './features/help.js';
import { loginFeature } from './features/login.js';
import { resetFeature } from './features/reset.js';
import { reachabilityFeature } from './features/reachability.js';
import { startFeature } from './features/start.js';
import { translate } from './i18n.js';
import { silentLogger, type BotLogger } from './logger.js';
import { resolveMiniappLink, type MiniappLink } from './miniapp-link.js';
import type { BotServices } from './services.js';

export type CreateBotOptions = {
  token: string;
  /** Bot API root; tests point it at the local recorder. Default https://api.telegram.org. */
  apiRoot?: string;
  /** Where the mini app is served. web_app buttons need https; http is only shown as a link. */
  miniappUrl?: string | undefined;
  logger?: BotLogger;
  /** Use cases injected by the server. */
  services?: BotServices;
  /** Skips getMe in bot.init() when already known. */
  botInfo?: UserFromGetMe;
  /** Told about every failed Bot API attempt (the server's metrics). */
  onApiError?: (kind: BotApiErrorKind, method: string) => void;
};

export type ZiverBot = Bot<BotContext> & {
  /**
   * The same Bot API without automatic retries (each call is tried once; the token is still
   * redacted from errors). For senders whose retries must not duplicate a message.
   */
  apiWithoutRetries: Api;
  /** Publishes the command list (per language) and the mini app menu button. Call once at start-up. */
  setUp(): Promise<void>;
};

/** The bot with every feature composed behind one error boundary. It does not start by itself. */
export function createBot(options: CreateBotOptions): ZiverBot {
  const logger = options.logger ?? silentLogger;
  const miniapp = resolveMiniappLink(options.miniappUrl);
  const apiRoot = options.apiRoot?.replace(/\/+$/, '');
  // One HTTP client for every call: it tells whether a failed call could have reached Telegram.
  const fetch = createBotApiFetch();
  const bot = new Bot<BotContext>(options.token, {
    ContextConstructor: createContextConstructor({ services: options.services ?? {}, logger, miniapp }),
    client: { ...(apiRoot ? { apiRoot } : {}), fetch },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });

  // Every attempt is observed (counted; outages logged) beneath the retries, which come next.
  const observer = apiErrorObserver({ onError: options.onApiError, logger });
  bot.api.config.use(observer);
  // Replies and every other call retry 429 / 5xx answers and resend only calls Telegram never
  // got (a reply must not arrive twice); no error carries the token.
  installApiSafety(bot.api, options.token, {
    retries: true,
    onResend: (event) => logger.warn(event, 'a Bot API call did not reach Telegram; sending it again'),
  });
  const apiWithoutRetries = createSingleAttemptApi(options.token, apiRoot, fetch);
  apiWithoutRetries.config.use(observer);

  const onError = (error: BotError<BotContext>) => handleBotError(error, logger);
  // The boundary catches in both long polling and webhook mode (grammY's bot.catch only sees
  // long-polling errors); bot.catch stays as a backstop so polling never stops on an error.
  // Commands answer in private chats and groups only: channel posts (and channel membership
  // changes) are never answered, whatever they contain.
  bot
    .drop((ctx) => ctx.chat?.type === 'channel')
    .errorBoundary(
      onError,
      reachabilityFeature(),
      startFeature(),
      helpFeature(),
      balanceFeature(),
      connectFeature(),
      loginFeature(),
      resetFeature(),
      fallbackFeature(),
    );
  bot.catch(onError);

  return Object.assign(bot, { apiWithoutRetries, setUp: () => setUpBot(bot.api, miniapp, logger) });
}

/** Logs a failed update; when our own code failed (not Telegram), tells the user in private chats. */
async function handleBotError(error: BotError<BotContext>, logger: BotLogger): Promise<void> {
  const { ctx } = error;
  const isTelegramError = error.error instanceof GrammyError || error.error instanceof HttpError;
  logger.error(
    { err: error.error, updateId: ctx.update.update_id, chatId: ctx.chat?.id },
    isTelegramError ? 'a Bot API call failed while handling an update' : 'bot handler failed',
  );
  if (isTelegramError || ctx.chat?.type !== 'private') return;
  try {
    // A use case's refusal (an AppError: rate limited, suspended…) says why, from its key in the
    // user's language; anything else is our failure, said generically. Never the English text.
    const refusal = error.error instanceof AppError && error.error.status < 500 ? error.error : null;
    await ctx.reply(refusal ? renderMessage(ctx.language, refusal.messageKey, refusal.params) : ctx.t('error.generic'));
  } catch (replyError) {
    logger.warn({ err: replyError, updateId: ctx.update.update_id }, 'could not tell the user about the error');
  }
}

export function botCommands(language: Language): BotCommand[] {
  return [
    { command: 'start', description: translate(language, 'command.start') },
    { command: 'balance', description: translate(language, 'command.balance') },
    { command: 'connect', description: translate(language, 'command.connect') },
    { command: 'login', description: translate(language, 'command.login') },
    { command: 'reset', description: translate(language, 'command.reset') },
    { command: 'help', description: translate(language, 'command.help') },
  ];
}

async function setUpBot(api: Api, miniapp: MiniappLink | undefined, logger: BotLogger): Promise<void> {
  // English is the default list; other languages get their own for users with that language_code.
  await api.setMyCommands(botCommands('en'));
  for (const language of LANGUAGES) {
    if (language !== 'en') await api.setMyCommands(botCommands(language), { language_code: language });
  }

  if (miniapp?.kind === 'web_app') {
    await api.setChatMenuButton({
      menu_button: { type: 'web_app', text: translate('en', 'button.open'), web_app: { url: miniapp.url } },
    });
  } else {
    logger.warn(
      { miniappUrl: miniapp?.url },
      'the mini app menu button is not set: MINIAPP_URL (or PUBLIC_URL) must be an https URL',
    );
  }
}
