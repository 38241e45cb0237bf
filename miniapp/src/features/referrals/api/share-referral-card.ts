import type { ReferralCardResponse, ReferralStoryResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { telegramReferralCardEndpoint } from '@/lib/endpoints/telegram-referral-card';
import { telegramReferralStoryEndpoint } from '@/lib/endpoints/telegram-referral-story';

/** POST /api/telegram/referral-card: the bot prepares the card; its id is what shareMessage opens. */
export function prepareReferralCard(): Promise<ReferralCardResponse> {
  return call(telegramReferralCardEndpoint);
}

/**
 * GET /api/telegram/referral-story: the story image and widget link. The image URL is made
 * absolute (Telegram's client downloads it): a server without a public URL answers a path.
 */
export async function getReferralStory(): Promise<ReferralStoryResponse> {
  const story = await call(telegramReferralStoryEndpoint);
  return { ...story, mediaUrl: new URL(story.mediaUrl, window.location.origin).toString() };
}
