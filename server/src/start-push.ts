import { readFileSync } from 'node:fs';
import { miningReadyPushResolver } from './features/mining/mining-ready-push.js';
import { MINING_READY_SENDABLE, queueMiningReadyNotices } from './features/mining/mining-ready-notices.js';
import { forgetPushSubscription } from './features/settings/push-subscriptions.js';
import { describePushKeys } from './platform/config.js';
import type { AppDeps } from './platform/deps.js';
import { startOutboxLane, type OutboxLaneHandle } from './platform/outbox/runner.js';
import { createPushChannel } from './platform/push/push-channel.js';
import { noticeChannelsOf } from './start-mail.js';

/**
 * The outbox's browser-push lane (every instance runs one; SKIP LOCKED shares the work): the
 * mining-ready notices, one row per cycle and subscribed device. Undefined with PUSH=off.
 */
export function startPush(deps: AppDeps): OutboxLaneHandle | undefined {
  const { config, logger } = deps;
  const { push } = config;
  if (!push.isEnabled) return undefined;
  const db = deps.database.db;
  const log = logger.child({ component: 'push' });
  log.info({ keys: describePushKeys(push), publicKey: push.vapid.publicKey, subject: push.vapid.subject }, 'push on');
  const channel = createPushChannel({
    push,
    logger: log,
    resolvers: { mining_ready: miningReadyPushResolver(db, push.publicUrl) },
    forget: (subscriptionId) => forgetPushSubscription(db, subscriptionId),
    ca: push.caFile ? readFileSync(push.caFile, 'utf8') : undefined,
  });
  const channels = noticeChannelsOf(config);
  return startOutboxLane(
    { db, logger: log },
    {
      channel,
      kinds: ['mining_ready'],
      name: 'push',
      pollSeconds: push.pollSeconds,
      batchSize: 50,
      leaseSeconds: config.notifications.leaseSeconds,
      maxAttempts: push.maxAttempts,
      produce: async () => {
        await queueMiningReadyNotices(db, { channels });
      },
      isSendable: MINING_READY_SENDABLE,
    },
  );
}
