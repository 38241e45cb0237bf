import { AMOUNT_DECIMALS } from './constants.js';

export const TIERS = [
  { name: 'BEGINNER', min: 0 },
  { name: 'ADVANCED', min: 1000 },
  { name: 'ELITE', min: 15000 },
  { name: 'SUPREME', min: 5_800_000 },
] as const;
export type TierName = (typeof TIERS)[number]['name'];

/** The SEB tier for a social capital score (docs/spec.md §3). */
export function tierFor(score: number): TierName {
  let tier: TierName = 'BEGINNER';
  for (const t of TIERS) if (score >= t.min) tier = t.name;
  return tier;
}

/** Progress toward the next tier as 0..1 (1 at SUPREME). */
export function tierProgress(score: number): { tier: TierName; next: TierName | null; progress: number } {
  const index = TIERS.findIndex((t) => t.name === tierFor(score));
  const current = TIERS[index]!;
  const next = TIERS[index + 1];
  if (!next) return { tier: current.name, next: null, progress: 1 };
  const progress = (score - current.min) / (next.min - current.min);
  return { tier: current.name, next: next.name, progress: Math.min(1, Math.max(0, progress)) };
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Rounds to the ledger's precision (4 decimals). */
export function roundAmount(value: number): number {
  const factor = 10 ** AMOUNT_DECIMALS;
  return Math.round(value * factor) / factor;
}

/** Formats an amount with up to 4 decimals and grouping, e.g. 1234.5 -> "1,234.5". */
export function formatAmount(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: AMOUNT_DECIMALS }).format(value);
}

/**
 * The mining countdown (docs/spec.md §4): hours and minutes while at least an hour remains,
 * minutes and seconds below that. E.g. "3h 05m", "4m 09s".
 */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}h ${pad(minutes)}m` : `${minutes}m ${pad(seconds)}s`;
}

export type MiningPhase = 'ready' | 'in_progress' | 'claimable';

/** The mining state from a status (docs/spec.md §4 "On load"). */
export function miningPhase(status: { canClaim: boolean; progress: number }): MiningPhase {
  if (status.canClaim) return 'claimable';
  if (status.progress > 0) return 'in_progress';
  return 'ready';
}

/**
 * Client-side progress when the server status is missing: computed from the session start
 * time and the cycle length each second (docs/spec.md §4).
 */
export function localMiningProgress(
  sessionStart: string | null,
  cycleHours: number,
  now: number,
): { progress: number; timeRemaining: number; canClaim: boolean } {
  if (!sessionStart) return { progress: 0, timeRemaining: 0, canClaim: false };
  const cycleMs = cycleHours * 3_600_000;
  const elapsed = now - Date.parse(sessionStart);
  if (elapsed >= cycleMs) return { progress: 1, timeRemaining: 0, canClaim: true };
  return {
    progress: Math.max(0, elapsed / cycleMs),
    timeRemaining: Math.max(0, (cycleMs - elapsed) / 1000),
    canClaim: false,
  };
}

export const PASSWORD_STRENGTH_LABELS = ['Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const;

/** What the change-password rule counts as a special character (docs/spec.md §5): the rule and the meter read it. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

/** The five points of the meter, each a rule of docs/spec.md §5's change-password check. */
export const PASSWORD_CRITERIA = {
  length: (password: string) => password.length >= 8,
  lower: (password: string) => /[a-z]/.test(password),
  upper: (password: string) => /[A-Z]/.test(password),
  digit: (password: string) => /\d/.test(password),
  special: (password: string) => [...PASSWORD_SPECIAL_CHARACTERS].some((c) => password.includes(c)),
} as const;

export type PasswordCriterion = keyof typeof PASSWORD_CRITERIA;

/**
 * The 5-point strength meter of docs/spec.md §5 (length>=8, lower, upper, digit, special), and the
 * points still missing: a password the rule refuses always has one, whatever its label says.
 */
export function passwordStrength(password: string): { score: number; label: string; missing: PasswordCriterion[] } {
  const missing = (Object.keys(PASSWORD_CRITERIA) as PasswordCriterion[]).filter(
    (criterion) => !PASSWORD_CRITERIA[criterion](password),
  );
  const score = 5 - missing.length;
  return { score, label: PASSWORD_STRENGTH_LABELS[score]!, missing };
}
