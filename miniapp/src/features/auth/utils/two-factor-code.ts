import { TWO_FACTOR_CODE_LENGTH } from '@ziver/shared/core';
import { BACKUP_CODE_PATTERN, normaliseBackupCode } from '@ziver/shared';

/** The second sign-in step takes a 6-digit authenticator code or a backup code. */
export type CodeMode = 'totp' | 'backup';

/** What the field keeps while typing: digits only for a TOTP code, upper case for a backup code. */
export function normaliseCodeInput(mode: CodeMode, raw: string): string {
  if (mode === 'totp') return raw.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 14);
}

/** The verify button is enabled only at exactly 6 characters (docs/spec.md §5), or at a well-formed backup code. */
export function isCodeReady(mode: CodeMode, code: string): boolean {
  if (mode === 'totp') return code.length === TWO_FACTOR_CODE_LENGTH;
  return BACKUP_CODE_PATTERN.test(code);
}

/** The code as the server expects it: six digits, or XXXX-XXXX-XXXX. */
export function codeToSend(mode: CodeMode, code: string): string {
  return mode === 'totp' ? code : normaliseBackupCode(code);
}
