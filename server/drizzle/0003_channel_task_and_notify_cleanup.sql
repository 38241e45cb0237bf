-- A channel-membership task (kind 'channel'): valid when the user is a member of the channel,
-- checked by the bot with getChatMember. The bot must be an administrator of the channel.
-- It replaces the plain link task for the same channel, which is retired (history kept).
INSERT INTO "tasks" ("slug", "title", "description", "kind", "channel", "rules", "zp_reward", "seb_reward", "sort_order")
VALUES (
  'join-ziver-channel',
  'Join the Ziver Telegram channel',
  'Join @ZiverOfficial on Telegram; the bot checks your membership.',
  'channel',
  '@ZiverOfficial',
  '[]'::jsonb,
  25,
  5,
  21
)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
UPDATE "tasks" SET "retired_at" = now() WHERE "slug" = 'join-ziver-telegram' AND "retired_at" IS NULL;
--> statement-breakpoint
-- Cycles claimed before the notifier existed never need a "reward ready" message.
UPDATE "mining_sessions" SET "notify_status" = 'skipped' WHERE "claimed_at" IS NOT NULL AND "notify_status" = 'pending';
