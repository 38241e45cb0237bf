-- Ledger rows are shown from their type and metadata in the reader's language, never from the
-- stored English description. Older rows get the metadata their type needs where it can be
-- derived from existing columns (the linked feedback / task / referral, else the description).
-- Only keys that are missing are added; nothing else on the row changes.

-- admin_adjustment: the reason was only in the description.
UPDATE "transactions"
SET "metadata" = "metadata" || jsonb_build_object('reason', "description")
WHERE "type" IN ('admin_adjustment', 'admin_adjustment_reversal') AND NOT ("metadata" ? 'reason');
--> statement-breakpoint

-- feedback_reward: the feedback's title (from the feedback, else the description's tail).
UPDATE "transactions" t
SET "metadata" = t."metadata" || jsonb_build_object(
  'feedbackTitle',
  coalesce(
    (SELECT f."title" FROM "feedback" f WHERE f."id"::text = t."metadata"->>'feedbackId'),
    nullif(regexp_replace(t."description", '^Feedback reward: ', ''), t."description")
  )
)
WHERE t."type" = 'feedback_reward' AND NOT (t."metadata" ? 'feedbackTitle')
  AND coalesce(
    (SELECT f."title" FROM "feedback" f WHERE f."id"::text = t."metadata"->>'feedbackId'),
    nullif(regexp_replace(t."description", '^Feedback reward: ', ''), t."description")
  ) IS NOT NULL;
--> statement-breakpoint

-- task_reward: the task's id and title (from the task, else the description's tail).
UPDATE "transactions" t
SET "metadata" = t."metadata" || jsonb_build_object(
  'taskTitle',
  coalesce(
    (SELECT k."title" FROM "tasks" k WHERE k."id"::text = t."metadata"->>'taskId'),
    nullif(regexp_replace(t."description", '^Task (reward|SEB points): ', ''), t."description")
  )
)
WHERE t."type" = 'task_reward' AND NOT (t."metadata" ? 'taskTitle')
  AND coalesce(
    (SELECT k."title" FROM "tasks" k WHERE k."id"::text = t."metadata"->>'taskId'),
    nullif(regexp_replace(t."description", '^Task (reward|SEB points): ', ''), t."description")
  ) IS NOT NULL;
--> statement-breakpoint

-- referral_bonus (and its reversal, on the same user's ledger): who referred them.
UPDATE "transactions" t
SET "metadata" = t."metadata" || jsonb_build_object(
  'referrerUsername',
  coalesce(
    (SELECT u."username" FROM "referrals" r JOIN "users" u ON u."id" = r."referrer_id"
     WHERE r."id"::text = t."metadata"->>'referralId'),
    substring(t."description" from '^Referral bonus: joined with (.+)''s code$')
  )
)
WHERE t."type" IN ('referral_bonus', 'referral_bonus_reversal')
  AND (t."metadata"->>'referrerUsername') IS NULL
  AND coalesce(
    (SELECT u."username" FROM "referrals" r JOIN "users" u ON u."id" = r."referrer_id"
     WHERE r."id"::text = t."metadata"->>'referralId'),
    substring(t."description" from '^Referral bonus: joined with (.+)''s code$')
  ) IS NOT NULL;
--> statement-breakpoint

-- referral_reward (and its reversal): the friend who started mining.
UPDATE "transactions" t
SET "metadata" = t."metadata" || jsonb_build_object(
  'friendUsername',
  coalesce(
    (SELECT u."username" FROM "referrals" r JOIN "users" u ON u."id" = r."referred_id"
     WHERE r."id"::text = t."metadata"->>'referralId'),
    nullif(substring(t."description" from '^Referral reward: (.+) started mining$'), 'your friend')
  )
)
WHERE t."type" IN ('referral_reward', 'referral_reward_reversal')
  AND (t."metadata"->>'friendUsername') IS NULL
  AND coalesce(
    (SELECT u."username" FROM "referrals" r JOIN "users" u ON u."id" = r."referred_id"
     WHERE r."id"::text = t."metadata"->>'referralId'),
    nullif(substring(t."description" from '^Referral reward: (.+) started mining$'), 'your friend')
  ) IS NOT NULL;
--> statement-breakpoint

-- Which event each referral entry records.
UPDATE "transactions" SET "metadata" = "metadata" || '{"event":"joined_with_code"}'::jsonb
WHERE "type" = 'referral_bonus' AND NOT ("metadata" ? 'event');
--> statement-breakpoint
UPDATE "transactions" SET "metadata" = "metadata" || '{"event":"first_mining_claim"}'::jsonb
WHERE "type" = 'referral_reward' AND NOT ("metadata" ? 'event');
--> statement-breakpoint
UPDATE "transactions" SET "metadata" = "metadata" || '{"event":"referral_removed"}'::jsonb
WHERE "type" IN ('referral_bonus_reversal', 'referral_reward_reversal') AND NOT ("metadata" ? 'event');
