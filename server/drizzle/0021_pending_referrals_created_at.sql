-- Issue 29: the dashboard's referral funnel counts Telegram arrivals still pending by created_at.
CREATE INDEX "pending_referrals_created_at_idx" ON "pending_referrals" USING btree ("created_at");
