export {
  startBotApiRecorder,
  type BotApiError,
  type BotApiRecorder,
  type BotApiRecorderOptions,
  type ChatMemberAnswer,
  type QueuedUpdate,
  type RecordedCall,
  type ScriptedAnswer,
  type TransportFailure,
} from './bot-api-recorder.js';
export {
  buildCallbackQueryUpdate,
  buildGroupChat,
  buildMessageUpdate,
  buildMyChatMemberUpdate,
  buildStartUpdate,
  buildTelegramUser,
  type MessageUpdateOptions,
} from './updates.js';
export { createRecordingLogger, startTestBot, TEST_BOT_TOKEN, type LogEntry, type TestBot } from './test-bot.js';
