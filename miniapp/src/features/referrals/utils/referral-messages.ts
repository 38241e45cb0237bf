import { REFERRAL_MESSAGES } from '@ziver/shared/core';

export type ReferralMessageKey = keyof typeof REFERRAL_MESSAGES;

const KEY_BY_TEXT = new Map<string, ReferralMessageKey>(
  (Object.entries(REFERRAL_MESSAGES) as [ReferralMessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The locale key of a referral message the server sends, when it is one. */
export function referralMessageKeyOf(text: string): ReferralMessageKey | undefined {
  return KEY_BY_TEXT.get(text);
}
