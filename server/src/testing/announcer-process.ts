// One announcement worker in a process of its own, for the killed-instance test
// (announcement-kill.test.ts): `node --import tsx server/src/testing/announcer-process.ts` with
// ANNOUNCER_DATABASE_URL, ANNOUNCER_API_ROOT, ANNOUNCER_TOKEN and ANNOUNCER_LEASE_SECONDS.
// It prints "ready" once it polls; the test kills it with SIGKILL mid-send.
import { startAnnouncementSender } from '../features/telegram/announcement-sender.js';
import { createBotMessageSender } from '../features/telegram/send-bot-message.js';
import { openDatabase } from '../platform/db/client.js';
import { createLogger } from '../platform/logger.js';

const env = process.env;
const required = (name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const database = await openDatabase({ url: required('ANNOUNCER_DATABASE_URL'), poolMax: 4 });
const sender = createBotMessageSender({
  token: required('ANNOUNCER_TOKEN'),
  apiRoot: required('ANNOUNCER_API_ROOT'),
  timeoutMs: 5_000,
});
startAnnouncementSender({
  db: database.db,
  logger: createLogger({ logLevel: 'silent', logPretty: false }),
  prepareSend: ({ chatId, text }) => sender.prepare({ chatId, text }),
  pollSeconds: 0.05,
  maxAttempts: 3,
  retrySeconds: 0.2,
  ratePerSecond: Number(env.ANNOUNCER_RATE_PER_SECOND ?? 100),
  batchSize: Number(env.ANNOUNCER_BATCH_SIZE ?? 20),
  leaseSeconds: Number(required('ANNOUNCER_LEASE_SECONDS')),
});
process.stdout.write('ready\n');
