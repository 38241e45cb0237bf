export { botCommands, createBot, type CreateBotOptions, type ZiverBot } from './bot.js';
export { errorKindOf, type BotApiErrorKind } from './api-errors.js';
export type { BotContext, BotContextFlavor } from './context.js';
export type { BotLogger } from './logger.js';
export type {
  AccountSummary,
  BotServices,
  ConnectionCodeResult,
  LoginLink,
  MiningState,
  PendingReferralOutcome,
} from './services.js';
export {
  adminMessage,
  miningReadyMessage,
  passwordResetMessage,
  type AdminMessage,
  type OutgoingMessage,
} from './notifications.js';
export { referralCardResult, referralCardTexts, referralStartLink, type ReferralCardTexts } from './referral-card.js';
export { webhookHandler } from './webhook.js';
export { resolveMiniappLink, type MiniappLink } from './miniapp-link.js';
export {
  deliveryOfForeignAnswer,
  deliveryOfLostRequest,
  describeNetworkError,
  isBotApiAnswer,
  isKeepAliveRace,
  type BotApiAnswer,
  type Delivery,
  type LostRequest,
} from './delivery.js';
