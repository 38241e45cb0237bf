import { NETWORK_REASON_CODES, type IntegrityReasonCode, type RiskReason } from '@ziver/shared';
import { NEW_TELEGRAM_ACCOUNT_YEARS, OLD_TELEGRAM_ACCOUNT_YEARS } from './telegram-account-age.js';

/** The least accounts that make a group (a burst, a shared fingerprint, a referral farm). */
export const MIN_GROUP_SIZE = 5;
/** A claim this soon after its cycle ended is "at once" (seconds). */
export const FAST_CLAIM_SECONDS = 5;
/** A referrer is a farm when at most this share of its claimed invitees did anything after their first claim. */
export const FARM_ACTIVE_SHARE_MAX = 0.2;

/** What the integrity job knows about one account when it scores it. */
export type AccountFeatures = {
  /** Accounts in the largest sign-up burst of its network block it belongs to (0: none). */
  burstSize: number;
  network: string | null;
  /** Accounts sharing its User-Agent, Accept-Language and claim rhythm within a sign-up window (0: none). */
  fingerprintSize: number;
  /** The referral farm it belongs to (as invitee or as the referrer), or null. */
  farm: { referrerId: string; claimedInvitees: number; activeAfterFirstClaim: number } | null;
  claims: { count: number; medianDelaySeconds: number | null };
  hasOpenedApp: boolean;
  telegram: { year: number; isPremium: boolean } | null;
  /** Reasons an admin reviewed as legitimate for this account: they no longer count. */
  reviewed: readonly string[];
  currentYear: number;
};

/**
 * The rules of the risk score (docs/decisions.md "Integrity: risk score"): each reason a stable
 * code, a weight and the figures behind it; the score is their sum, capped at 100. Premium or
 * old Telegram accounts get half weight on network reasons, and `detail.trusted`, so that
 * network reasons alone never flag them (isFlagged).
 */
export function scoreAccount(f: AccountFeatures): { score: number; reasons: RiskReason[] } {
  const isTrusted =
    f.telegram !== null && (f.telegram.isPremium || f.telegram.year <= f.currentYear - OLD_TELEGRAM_ACCOUNT_YEARS);
  const reasons: RiskReason[] = [];
  const add = (code: IntegrityReasonCode, weight: number, detail: RiskReason['detail']) => {
    if (f.reviewed.includes(code)) return;
    const isNetwork = NETWORK_REASON_CODES.includes(code);
    reasons.push({
      code,
      weight: isNetwork && isTrusted ? Math.round(weight / 2) : weight,
      detail: isNetwork && isTrusted ? { ...detail, trusted: true } : detail,
    });
  };
  if (f.burstSize >= MIN_GROUP_SIZE) {
    add('network_burst', f.burstSize >= 2 * MIN_GROUP_SIZE ? 30 : 20, {
      accounts: f.burstSize,
      network: f.network ?? '',
    });
  }
  if (f.fingerprintSize >= MIN_GROUP_SIZE) add('shared_fingerprint', 15, { accounts: f.fingerprintSize });
  if (f.farm) {
    add('referrer_farm', 25, {
      referrer: f.farm.referrerId,
      invitees: f.farm.claimedInvitees,
      activeAfterFirstClaim: f.farm.activeAfterFirstClaim,
    });
  }
  const { count, medianDelaySeconds } = f.claims;
  if (count > 0 && medianDelaySeconds !== null && medianDelaySeconds <= FAST_CLAIM_SECONDS) {
    add('claim_rhythm', count >= 3 ? 20 : 10, {
      claims: count,
      medianSeconds: Math.round(medianDelaySeconds * 10) / 10,
    });
  }
  if (count > 0 && !f.hasOpenedApp) add('never_opened_app', 20, { claims: count });
  if (f.telegram && f.telegram.year >= f.currentYear - NEW_TELEGRAM_ACCOUNT_YEARS) {
    add('new_telegram_account', 15, { estimatedYear: f.telegram.year });
  }
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + r.weight, 0),
  );
  return { score, reasons };
}

/** Every reason is a network reason of a trusted (premium or old) Telegram account: never enough to flag. */
export function isNetworkOnlyTrusted(reasons: readonly RiskReason[]): boolean {
  return reasons.length > 0 && reasons.every((r) => NETWORK_REASON_CODES.includes(r.code) && r.detail.trusted === true);
}

/** Flagged by its own score: at or over the threshold, unless only network reasons of a trusted account make it. */
export function isFlagged(score: number, reasons: readonly RiskReason[], threshold: number): boolean {
  return score >= threshold && !isNetworkOnlyTrusted(reasons);
}

/**
 * A flagged ring does not flag this member: only network reasons of a trusted account put it
 * there, or an admin reviewed it and it has no reason since.
 */
export function isExemptFromRing(reasons: readonly RiskReason[], reviewedAt: string | null): boolean {
  return isNetworkOnlyTrusted(reasons) || (reviewedAt !== null && reasons.length === 0);
}
