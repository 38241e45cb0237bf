export { createBot, type CreateBotOptions, type ZiverBot } from './bot.js';
export { webhookHandler } from './webhook.js';
