import { normaliseReferralCode } from '@ziver/shared';

/** A typed referral code: letters, digits, '-' and '_' only, upper-cased, at most 32 (the server's limit). */
export function cleanReferralCodeInput(input: string): string {
  return normaliseReferralCode(input.replace(/[^A-Za-z0-9_-]/g, '')).slice(0, 32);
}

/** What the code lookup shows (docs/spec.md §4 referral banner states), or nothing before a code is typed. */
export type CodeLookupState = 'idle' | 'checking' | 'valid' | 'invalid' | 'error';

export function codeLookupState(query: {
  code: string;
  isSettled: boolean;
  isFetching: boolean;
  hasData: boolean;
  errorStatus: number | null;
  isError: boolean;
}): CodeLookupState {
  if (!query.code) return 'idle';
  if (!query.isSettled || query.isFetching) return 'checking';
  if (query.hasData) return 'valid';
  if (query.isError) return query.errorStatus === 404 ? 'invalid' : 'error';
  return 'checking';
}
