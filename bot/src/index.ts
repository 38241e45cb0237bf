export { botCommands, createBot, type CreateBotOptions, type ZiverBot } from './bot.js';
export type { BotContext, BotContextFlavor } from './context.js';
export type { BotLogger } from './logger.js';
export type { BotServices } from './services.js';
export { webhookHandler } from './webhook.js';
