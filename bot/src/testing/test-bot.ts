import { createBot, type CreateBotOptions, type ZiverBot } from '../bot.js';
import type { BotLogger } from '../logger.js';
import { startBotApiRecorder, type BotApiRecorder } from './bot-api-recorder.js';

export type LogEntry = { level: 'info' | 'warn' | 'error'; obj: object; msg: string | undefined };

/** A logger that keeps what it is told, for assertions. */
export function createRecordingLogger(): BotLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (obj, msg) => void entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => void entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => void entries.push({ level: 'error', obj, msg }),
  };
}

export type TestBot = {
  bot: ZiverBot;
  recorder: BotApiRecorder;
  logger: ReturnType<typeof createRecordingLogger>;
  /** Stops long polling, then the recorder. */
  stop(): Promise<void>;
};

export const TEST_BOT_TOKEN = `123456:${'A'.repeat(35)}`;

/**
 * The real bot long-polling a fresh local recorder: push updates with `recorder.pushUpdate` and
 * assert the Bot API calls. Resolves once polling has started.
 */
export async function startTestBot(
  options: Omit<CreateBotOptions, 'token' | 'apiRoot' | 'logger'> = {},
): Promise<TestBot> {
  const recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  const logger = createRecordingLogger();
  const bot = createBot({ ...options, token: TEST_BOT_TOKEN, apiRoot: recorder.url, logger });
  let polling: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve, reject) => {
    polling = bot.start({ timeout: 1, onStart: () => resolve() }).catch((error: unknown) => {
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return {
    bot,
    recorder,
    logger,
    stop: async () => {
      if (bot.isRunning()) await bot.stop();
      await polling;
      await recorder.close();
    },
  };
}
