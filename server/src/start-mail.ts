import { sql } from 'drizzle-orm';
import { emailVerificationMailTemplates } from './features/auth/email-verification-mail.js';
import {
  ANNOUNCEMENT_RUNNING,
  announcementMailResolver,
  announcementMailTemplates,
  finishDrainedAnnouncements,
} from './features/notices/announcement-mail.js';
import { passwordResetMailTemplates } from './features/auth/password-reset-mail.js';
import { miningReadyMail, miningReadyMailResolver } from './features/mining/mining-ready-mail.js';
import { MINING_READY_SENDABLE, queueMiningReadyNotices } from './features/mining/mining-ready-notices.js';
import { describeMailTransport, type Config } from './platform/config.js';
import type { OutboxChannelName } from './platform/db/schema.js';
import type { AppDeps } from './platform/deps.js';
import { mailResolver } from './platform/mail/enqueue-mail.js';
import { createMailChannel } from './platform/mail/mail-channel.js';
import { startOutboxLane, type OutboxLaneHandle } from './platform/outbox/runner.js';

/** The channels this server sends mining-ready notices on: Telegram with a bot and NOTIFICATIONS=on, email with MAIL on, browser push with PUSH on. */
export function noticeChannelsOf(config: Config): OutboxChannelName[] {
  return [
    ...(config.telegram.botToken && config.notifications.isEnabled ? (['telegram'] as const) : []),
    ...(config.mail.isEnabled ? (['email'] as const) : []),
    ...(config.push.isEnabled ? (['push'] as const) : []),
  ];
}

/**
 * The outbox's email lane (every instance runs one; SKIP LOCKED shares the work): mail put in the
 * outbox by enqueueMail, the mining-ready reminders and the operators' announcements by email, through SMTP_URL or, without it,
 * as .eml files in DATA_DIR/mail. Undefined with MAIL=off.
 */
export function startMail(deps: AppDeps): OutboxLaneHandle | undefined {
  const { config, logger } = deps;
  const { mail } = config;
  if (!mail.isEnabled) return undefined;
  const db = deps.database.db;
  const log = logger.child({ component: 'mail' });
  log.info({ transport: describeMailTransport(mail), from: mail.from }, 'mail on');
  const channel = createMailChannel({
    mail,
    logger: log,
    templates: {
      mining_ready: miningReadyMail,
      ...passwordResetMailTemplates(config.encryptionKey),
      ...emailVerificationMailTemplates(config.encryptionKey),
      ...announcementMailTemplates(),
    },
    resolvers: {
      mail: mailResolver(db),
      mining_ready: miningReadyMailResolver(db),
      announcement: announcementMailResolver(db),
    },
  });
  const channels = noticeChannelsOf(config);
  return startOutboxLane(
    { db, logger: log },
    {
      channel,
      kinds: ['mining_ready', 'mail', 'announcement'],
      name: 'mail',
      pollSeconds: mail.pollSeconds,
      batchSize: 50,
      leaseSeconds: config.notifications.leaseSeconds,
      maxAttempts: mail.maxAttempts,
      produce: async () => {
        await queueMiningReadyNotices(db, { channels });
      },
      isSendable: sql`(m.kind <> 'mining_ready' OR ${MINING_READY_SENDABLE})
        AND (m.kind <> 'announcement' OR ${ANNOUNCEMENT_RUNNING})`,
      isClaimable: sql`(m.kind <> 'announcement' OR ${ANNOUNCEMENT_RUNNING})`,
      afterBatch: () => finishDrainedAnnouncements(db),
    },
  );
}
