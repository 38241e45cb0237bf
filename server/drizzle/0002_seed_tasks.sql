-- The task catalogue (ARCHITECTURE §4): every rule type of the spec plus link tasks.
-- Idempotent: a slug that already exists is left as it is, so admins' edits survive re-runs.
-- mining_session_duration counts total minutes mined in claimed cycles (1440 = one day).
INSERT INTO "tasks" ("slug", "title", "description", "kind", "link_url", "rules", "zp_reward", "seb_reward", "sort_order") VALUES
  ('follow-ziver-on-x', 'Follow Ziver on X', 'Follow @ZiverOfficial on X (Twitter) for news and announcements.', 'link', 'https://x.com/ZiverOfficial', '[]'::jsonb, 25, 5, 10),
  ('join-ziver-telegram', 'Join the Ziver Telegram channel', 'Join our Telegram channel to hear about new features first.', 'link', 'https://t.me/ZiverOfficial', '[]'::jsonb, 25, 5, 20),
  ('visit-ziver-website', 'Visit the Ziver website', 'Learn what Ziver is building on our website.', 'link', 'https://ziver.io', '[]'::jsonb, 15, 3, 30),
  ('mining-streak-3', 'Three days in a row', 'Claim a mining reward on 3 consecutive days.', 'rule', NULL, '[{"rule_type":"mining_streak","expectedValue":3}]'::jsonb, 50, 10, 100),
  ('mining-streak-7', 'A week of mining', 'Claim a mining reward on 7 consecutive days.', 'rule', NULL, '[{"rule_type":"mining_streak","expectedValue":7}]'::jsonb, 150, 30, 110),
  ('mine-for-a-day', 'Mine for a full day', 'Mine for 24 hours in total (claimed cycles count).', 'rule', NULL, '[{"rule_type":"mining_session_duration","expectedValue":1440}]'::jsonb, 100, 20, 120),
  ('invite-first-friend', 'Invite your first friend', 'Have one friend join Ziver with your referral link.', 'rule', NULL, '[{"rule_type":"referral_count","expectedValue":1}]'::jsonb, 100, 20, 200),
  ('invite-five-friends', 'Build your circle', 'Have five friends join Ziver with your referral link.', 'rule', NULL, '[{"rule_type":"referral_count","expectedValue":5}]'::jsonb, 300, 60, 210),
  ('zp-balance-500', 'Save 500 ZP', 'Hold a balance of at least 500 ZP.', 'rule', NULL, '[{"rule_type":"zp_balance","expectedValue":500}]'::jsonb, 50, 10, 300),
  ('seb-score-100', 'Grow your social capital', 'Reach a SEB score of 100.', 'rule', NULL, '[{"rule_type":"social_capital_score","expectedValue":100}]'::jsonb, 75, 15, 310),
  ('complete-three-tasks', 'Task hunter', 'Complete any 3 other tasks.', 'rule', NULL, '[{"rule_type":"tasks_completed","expectedValue":3}]'::jsonb, 100, 20, 400),
  ('committed-miner', 'Committed miner', 'Keep a 5-day streak and mine for 20 hours in total.', 'rule', NULL, '[{"rule_type":"mining_streak","expectedValue":5},{"rule_type":"mining_session_duration","expectedValue":1200}]'::jsonb, 250, 50, 410)
ON CONFLICT ("slug") DO NOTHING;
