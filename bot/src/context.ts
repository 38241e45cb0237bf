import { Context } from 'grammy';
import type { Language } from '@ziver/shared';
import { resolveLanguage, translate, type MessageKey, type TranslateParams } from './i18n.js';
import type { BotLogger } from './logger.js';
import type { MiniappLink } from './miniapp-link.js';
import type { BotServices } from './services.js';

/** What every handler gets besides grammY's own context. */
export type BotContextFlavor = {
  readonly services: BotServices;
  readonly logger: BotLogger;
  /** How to open the mini app; undefined when no MINIAPP_URL is configured. */
  readonly miniapp: MiniappLink | undefined;
  /** The user's language, from Telegram's `language_code` (English when unsupported). */
  readonly language: Language;
  /** A bot message in the user's language. */
  t(key: MessageKey, params?: TranslateParams): string;
};

/** The one context type of the bot. */
export type BotContext = Context & BotContextFlavor;

export type BotContextDeps = {
  services: BotServices;
  logger: BotLogger;
  miniapp: MiniappLink | undefined;
};

/** A context class carrying the injected dependencies, for `new Bot(token, { ContextConstructor })`. */
export function createContextConstructor(
  deps: BotContextDeps,
): new (...args: ConstructorParameters<typeof Context>) => BotContext {
  return class ZiverContext extends Context implements BotContextFlavor {
    readonly services = deps.services;
    readonly logger = deps.logger;
    readonly miniapp = deps.miniapp;

    get language(): Language {
      return resolveLanguage(this.from?.language_code);
    }

    t(key: MessageKey, params?: TranslateParams): string {
      return translate(this.language, key, params);
    }
  };
}
