import { describe, expect, it, vi } from 'vitest';
import { canSubmitEmailForm, validateEmailForm } from './email-form';
import { formatAccountDate } from './format-date';
import { isPasswordFormFilled, strengthOf, validatePasswordForm } from '@/lib/password-form';
import { saveOptimistically } from './save-optimistically';
import { disableRequest, normaliseCode, settingsCodeProblem } from './two-factor-code';

describe('change password (spec §5)', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };

  it('accepts a strong, confirmed password', () => {
    expect(validatePasswordForm(valid, { hasPassword: true })).toEqual({});
  });

  it('requires all three fields', () => {
    const errors = validatePasswordForm(
      { currentPassword: '', newPassword: '', confirmPassword: '' },
      { hasPassword: true },
    );
    expect(errors.currentPassword).toBe('Current password is required');
    expect(errors.newPassword).toBe('Please enter a new password');
    expect(errors.confirmPassword).toBe('Passwords do not match');
    expect(isPasswordFormFilled({ ...valid, confirmPassword: '' }, { hasPassword: true })).toBe(false);
    expect(isPasswordFormFilled(valid, { hasPassword: true })).toBe(true);
  });

  it('does not ask for a current password on an account that has none', () => {
    const values = { ...valid, currentPassword: '' };
    expect(validatePasswordForm(values, { hasPassword: false })).toEqual({});
    expect(isPasswordFormFilled(values, { hasPassword: false })).toBe(true);
  });

  it('needs lower, upper, digit and one of @$!%*?&, at least 8 long', () => {
    const rule = 'Password must include uppercase, lowercase, number, and special character';
    for (const weak of ['alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Sp3c#ial']) {
      expect(
        validatePasswordForm({ ...valid, newPassword: weak, confirmPassword: weak }, { hasPassword: true }).newPassword,
      ).toBe(rule);
    }
    expect(
      validatePasswordForm({ ...valid, newPassword: 'Ab1!', confirmPassword: 'Ab1!' }, { hasPassword: true })
        .newPassword,
    ).toBe('Password must be at least 8 characters');
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(
      validatePasswordForm({ ...valid, confirmPassword: 'Str0ng!pasS' }, { hasPassword: true }).confirmPassword,
    ).toBe('Passwords do not match');
  });

  it('scores strength on 5 points: Weak, Fair, Good, Strong, Very Strong', () => {
    expect(strengthOf('')).toEqual({
      score: 0,
      level: 'weak',
      missing: ['length', 'lower', 'upper', 'digit', 'special'],
    });
    expect(strengthOf('abc')).toMatchObject({ score: 1, level: 'weak' });
    expect(strengthOf('abcdefgh')).toMatchObject({ score: 2, level: 'fair' });
    expect(strengthOf('Abcdefgh')).toMatchObject({ score: 3, level: 'good' });
    expect(strengthOf('Abcdefg1')).toEqual({ score: 4, level: 'strong', missing: ['special'] });
    expect(strengthOf('Abcdef1!')).toEqual({ score: 5, level: 'veryStrong', missing: [] });
  });

  it('the meter and the rule count the same special characters: a hyphen is not one', () => {
    const hyphenated = 'Moonflower-77-walk';
    expect(strengthOf(hyphenated)).toEqual({ score: 4, level: 'strong', missing: ['special'] });
    expect(
      validatePasswordForm({ ...valid, newPassword: hyphenated, confirmPassword: hyphenated }, { hasPassword: true })
        .newPassword,
    ).toBe('Password must include uppercase, lowercase, number, and special character');
    for (const special of '@$!%*?&') {
      const password = `Moonflower${special}77`;
      expect(strengthOf(password).missing).toEqual([]);
      expect(
        validatePasswordForm({ ...valid, newPassword: password, confirmPassword: password }, { hasPassword: true }),
      ).toEqual({});
    }
  });
});

describe('change email (spec §5)', () => {
  it("needs a valid address: 'Please enter a valid email address'", () => {
    expect(validateEmailForm({ newEmail: 'nope', currentPassword: 'x' }, 'a@example.com').newEmail).toBe(
      'Please enter a valid email address',
    );
    expect(validateEmailForm({ newEmail: 'b@example.com', currentPassword: 'x' }, 'a@example.com')).toEqual({});
  });

  it("refuses the current address, in any case: 'New email must be different from current email'", () => {
    expect(validateEmailForm({ newEmail: ' A@Example.com ', currentPassword: 'x' }, 'a@example.com').newEmail).toBe(
      'New email must be different from current email',
    );
  });

  it('requires the current password', () => {
    expect(validateEmailForm({ newEmail: 'b@example.com', currentPassword: '' }, 'a@example.com').currentPassword).toBe(
      'Current password is required',
    );
  });

  it('keeps the button disabled while blank or unchanged', () => {
    expect(canSubmitEmailForm({ newEmail: '', currentPassword: 'x' }, 'a@example.com')).toBe(false);
    expect(canSubmitEmailForm({ newEmail: 'b@example.com', currentPassword: '' }, 'a@example.com')).toBe(false);
    expect(canSubmitEmailForm({ newEmail: 'A@example.com', currentPassword: 'x' }, 'a@example.com')).toBe(false);
    expect(canSubmitEmailForm({ newEmail: 'b@example.com', currentPassword: 'x' }, 'a@example.com')).toBe(true);
  });
});

describe('settings 2FA codes (spec §5)', () => {
  it("wants exactly 6 digits: 'Please enter a valid 6-digit code'", () => {
    expect(settingsCodeProblem('totp', '12345')).toBe('Please enter a valid 6-digit code');
    expect(settingsCodeProblem('totp', '123456')).toBeNull();
    expect(normaliseCode('totp', '12 34-56 7')).toBe('123456');
  });

  it("wants a backup code in backup mode: 'Please enter a backup code', upper-cased, XXXX-XXXX-XXXX", () => {
    expect(settingsCodeProblem('backup', '')).toBe('Please enter a backup code');
    expect(settingsCodeProblem('backup', 'ABCD')).toBe('Please enter a valid backup code (XXXX-XXXX-XXXX)');
    expect(normaliseCode('backup', 'abcd-efgh-2345')).toBe('ABCD-EFGH-2345');
    expect(settingsCodeProblem('backup', 'ABCD-EFGH-2345')).toBeNull();
    expect(disableRequest('backup', 'abcdefgh2345')).toEqual({ enable: false, backupCode: 'ABCD-EFGH-2345' });
    expect(disableRequest('totp', '123456')).toEqual({ enable: false, verificationCode: '123456' });
  });
});

describe('account date', () => {
  it("reads like 'January 5, 2025' in English, localised otherwise, null when missing", () => {
    expect(formatAccountDate('2025-01-05T10:00:00.000Z', 'en')).toBe('January 5, 2025');
    expect(formatAccountDate('2025-01-05T10:00:00.000Z', 'es')).toBe('5 de enero de 2025');
    expect(formatAccountDate(null, 'en')).toBeNull();
    expect(formatAccountDate('not a date', 'en')).toBeNull();
  });
});

describe('optimistic saving (spec §4)', () => {
  it('applies at once and keeps the value when the server agrees', async () => {
    const apply = vi.fn();
    const outcome = await saveOptimistically({
      next: 'light',
      previous: 'dark',
      apply,
      save: async () => ({ message: 'Theme updated successfully' }),
      current: () => 'light',
    });
    expect(outcome).toEqual({ ok: true, message: 'Theme updated successfully' });
    expect(apply.mock.calls).toEqual([['light']]);
  });

  it('brings the previous value back when the server refuses', async () => {
    const apply = vi.fn();
    const outcome = await saveOptimistically({
      next: 'light',
      previous: 'dark',
      apply,
      save: async () => Promise.reject(new Error('down')),
      current: () => 'light',
    });
    expect(outcome.ok).toBe(false);
    expect(apply.mock.calls).toEqual([['light'], ['dark']]);
  });

  it('does not undo a newer choice made meanwhile', async () => {
    const apply = vi.fn();
    await saveOptimistically({
      next: 'light',
      previous: 'dark',
      apply,
      save: async () => Promise.reject(new Error('down')),
      current: () => 'auto',
    });
    expect(apply.mock.calls).toEqual([['light']]);
  });
});
