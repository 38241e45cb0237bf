import { TELEGRAM_CODE_LENGTH } from '@ziver/shared/core';

/** What a typed connection code becomes: digits only, at most 6 (pasted spaces or dashes are dropped). */
export function normaliseConnectionCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, TELEGRAM_CODE_LENGTH);
}

export type ConnectionCodeProblem = 'empty' | 'format';

/** docs/spec.md §5: digits only, 6 long; empty gives 'Please enter the connection code'. */
export function connectionCodeProblem(code: string): ConnectionCodeProblem | null {
  const trimmed = code.trim();
  if (trimmed === '') return 'empty';
  return new RegExp(`^\\d{${TELEGRAM_CODE_LENGTH}}$`).test(trimmed) ? null : 'format';
}
