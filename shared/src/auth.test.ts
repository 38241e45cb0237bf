import { describe, expect, it } from 'vitest';
import { classifyVerificationCode, googleSignInRequestSchema, normaliseBackupCode } from './auth.js';
import { MESSAGES } from './messages.js';
import { languageChangedMessage, newPasswordSchema, toggleTwoFactorRequestSchema } from './settings.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('verification codes', () => {
  it('tells TOTP codes from backup codes, normalising both', () => {
    expect(classifyVerificationCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(classifyVerificationCode('abcd-efgh-2345')).toEqual({ kind: 'backup', code: 'ABCD-EFGH-2345' });
    expect(classifyVerificationCode('abcdefgh2345')).toEqual({ kind: 'backup', code: 'ABCD-EFGH-2345' });
    expect(classifyVerificationCode('12345')).toBeNull();
    expect(classifyVerificationCode('ABCD-EFGH')).toBeNull();
    expect(normaliseBackupCode('wxyz2345abcd')).toBe('WXYZ-2345-ABCD');
  });
});

describe('Google sign-in request', () => {
  it('uses the spec messages', () => {
    expect(firstMessage(googleSignInRequestSchema.safeParse({}))).toBe(MESSAGES.noGoogleToken);
    expect(firstMessage(googleSignInRequestSchema.safeParse({ token: '' }))).toBe(MESSAGES.noGoogleToken);
    expect(firstMessage(googleSignInRequestSchema.safeParse({ token: 'abc' }))).toBe(MESSAGES.invalidTokenFormat);
    expect(firstMessage(googleSignInRequestSchema.safeParse({ token: 42 }))).toBe(MESSAGES.invalidTokenFormat);
    expect(googleSignInRequestSchema.safeParse({ token: 'x'.repeat(10), referralCode: null }).success).toBe(true);
  });
});

describe('2FA toggle request', () => {
  it('reads enable with a code, disable with a code or a backup code', () => {
    expect(toggleTwoFactorRequestSchema.parse({ enable: true, verificationCode: '123456' })).toEqual({
      enable: true,
      method: 'totp',
      code: '123456',
    });
    expect(toggleTwoFactorRequestSchema.parse({ enable: false, backupCode: 'abcd-efgh-2345' })).toEqual({
      enable: false,
      method: 'backup',
      code: 'ABCD-EFGH-2345',
    });
    expect(firstMessage(toggleTwoFactorRequestSchema.safeParse({ enable: false, backupCode: ' ' }))).toBe(
      MESSAGES.backupCodeRequired,
    );
    expect(firstMessage(toggleTwoFactorRequestSchema.safeParse({ enable: true, verificationCode: '12a456' }))).toBe(
      MESSAGES.invalidTwoFactorCode,
    );
    // A backup code cannot turn 2FA on.
    expect(firstMessage(toggleTwoFactorRequestSchema.safeParse({ enable: true, backupCode: 'ABCD-EFGH-2345' }))).toBe(
      MESSAGES.invalidTwoFactorCode,
    );
  });
});

describe('changed password rule', () => {
  it('needs 8+ characters with lower, upper, digit and one of @$!%*?&', () => {
    expect(newPasswordSchema.safeParse('Abcdef1!').success).toBe(true);
    expect(newPasswordSchema.safeParse('Abcdef1! with spaces#').success).toBe(true);
    expect(firstMessage(newPasswordSchema.safeParse('Abcdefg1'))).toBe(MESSAGES.passwordComplexity);
  });
  it('names the language in the success message', () => {
    expect(languageChangedMessage('fr')).toBe('Language changed to French');
  });
});
