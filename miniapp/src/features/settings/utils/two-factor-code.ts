import { IDENTITY_MESSAGES, MESSAGES } from '@ziver/shared/core';
import { BACKUP_CODE_PATTERN, normaliseBackupCode, TWO_FACTOR_CODE_PATTERN } from '@ziver/shared';

export type CodeMode = 'totp' | 'backup';

/** What the field keeps while typing: up to 6 digits, or an upper-cased backup code. */
export function normaliseCode(mode: CodeMode, raw: string): string {
  if (mode === 'totp') return raw.replace(/\D/g, '').slice(0, 6);
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 14);
}

/**
 * The settings 2FA rules of docs/spec.md §5: exactly 6 digits ('Please enter a valid 6-digit code'); in
 * backup mode a code is required ('Please enter a backup code') shaped XXXX-XXXX-XXXX.
 */
export function settingsCodeProblem(mode: CodeMode, code: string): string | null {
  if (mode === 'totp') return TWO_FACTOR_CODE_PATTERN.test(code) ? null : MESSAGES.invalidTwoFactorCode;
  if (!code.trim()) return MESSAGES.backupCodeRequired;
  return BACKUP_CODE_PATTERN.test(code.toUpperCase()) ? null : IDENTITY_MESSAGES.backupCodeFormat;
}

/** The body of PUT /settings/security/two-factor for turning 2FA off. */
export function disableRequest(
  mode: CodeMode,
  code: string,
): { enable: false; verificationCode: string } | { enable: false; backupCode: string } {
  return mode === 'totp'
    ? { enable: false, verificationCode: code }
    : { enable: false, backupCode: normaliseBackupCode(code.toUpperCase()) };
}

/** The backup codes as a small text file to keep. */
export function backupCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}
