// One mining-ready notification scheduler in a process of its own, for the killed-instance tests
// (notification-delivery.test.ts): `node --import tsx server/src/testing/notifier-process.ts`
// with NOTIFIER_DATABASE_URL, NOTIFIER_API_ROOT, NOTIFIER_TOKEN and NOTIFIER_LEASE_SECONDS.
// It prints "ready" once it polls; the test kills it with SIGKILL mid-send.
import { startMiningNotifier } from '../features/telegram/mining-notifier.js';
import { createBotMessageSender } from '../features/telegram/send-bot-message.js';
import { openDatabase } from '../platform/db/client.js';
import { createLogger } from '../platform/logger.js';

const env = process.env;
const required = (name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const database = await openDatabase({ url: required('NOTIFIER_DATABASE_URL'), poolMax: 4 });
const sender = createBotMessageSender({
  token: required('NOTIFIER_TOKEN'),
  apiRoot: required('NOTIFIER_API_ROOT'),
  timeoutMs: 5_000,
});
startMiningNotifier({
  db: database.db,
  logger: createLogger({ logLevel: 'silent', logPretty: false }),
  prepareSend: ({ chatId }) => sender.prepare({ chatId, text: 'Your mining cycle is complete' }),
  pollSeconds: 0.05,
  maxAttempts: 3,
  retrySeconds: 0.2,
  ratePerSecond: Number(env.NOTIFIER_RATE_PER_SECOND ?? 25),
  batchSize: Number(env.NOTIFIER_BATCH_SIZE ?? 10),
  leaseSeconds: Number(required('NOTIFIER_LEASE_SECONDS')),
});
process.stdout.write('ready\n');
