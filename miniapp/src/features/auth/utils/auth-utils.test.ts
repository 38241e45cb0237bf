import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '@ziver/shared/core';
import { ApiError } from '@/lib/api-client';
import { buildUser } from '@/testing/factories';
import { googleErrorMessage, loginErrorMessage, registerErrorMessage, telegramErrorMessage } from './auth-errors';
import { decideSessionCheck } from './session-check';
import { toSession } from './to-session';
import { referralCodeFromSearch, validateRegisterForm } from './validate-register';

const apiError = (status: number, serverMessage: string | null = null) =>
  new ApiError({ status, code: 'UNKNOWN', message: serverMessage ?? 'x', serverMessage });

describe('start-up session check', () => {
  it('stays signed in with the fresh user when the token is valid', () => {
    const user = buildUser({ zp_balance: 7 });
    expect(decideSessionCheck({ ok: true, value: { valid: true, user } })).toEqual({ kind: 'valid', user });
  });

  it('signs out when the token is invalid or the server answers 401 or 403', () => {
    expect(decideSessionCheck({ ok: true, value: { valid: false, user: null } })).toEqual({ kind: 'invalid' });
    expect(decideSessionCheck({ ok: false, error: apiError(401) })).toEqual({ kind: 'invalid' });
    expect(decideSessionCheck({ ok: false, error: apiError(403) })).toEqual({ kind: 'invalid' });
  });

  it('keeps the stored session on network or server trouble', () => {
    expect(
      decideSessionCheck({ ok: false, error: new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'n' }) }),
    ).toEqual({
      kind: 'network',
    });
    expect(decideSessionCheck({ ok: false, error: apiError(500) })).toEqual({ kind: 'network' });
    expect(decideSessionCheck({ ok: false, error: new TypeError('boom') })).toEqual({ kind: 'network' });
  });
});

describe('auth error messages (spec §8)', () => {
  it('registration: server message or the catalogue fallback per status', () => {
    expect(registerErrorMessage(apiError(400, 'Invalid referral code'))).toMatchObject({
      message: 'Invalid referral code',
    });
    expect(registerErrorMessage(apiError(400))).toBe('Invalid registration data.');
    expect(registerErrorMessage(apiError(409, 'Taken'))).toMatchObject({ message: 'Taken' });
    expect(registerErrorMessage(apiError(409))).toBe('User already exists with this email or username.');
    expect(registerErrorMessage(apiError(500, 'db down'))).toBe('Server error. Please try again later.');
    expect(registerErrorMessage(apiError(429, 'slow down'))).toBe('Registration failed. Please try again.');
    expect(registerErrorMessage(new Error('x'))).toBe('Registration failed. Please try again.');
  });

  it('maintenance (503 LOCKDOWN) on sign-up and sign-in: the maintenance text by its key, never "Server error"', () => {
    const closed = new ApiError({
      status: 503,
      code: 'LOCKDOWN',
      message: 'Back at noon',
      serverMessage: 'Back at noon',
      messageKey: 'server.verbatim',
      params: { text: 'Back at noon' },
    });
    const maintenance = { message: SERVER_MESSAGES.lockdown, messageKey: 'server.lockdown', params: {} };
    expect(registerErrorMessage(closed)).toEqual(maintenance);
    expect(loginErrorMessage(closed)).toEqual(maintenance);
    expect(googleErrorMessage(closed)).toEqual(maintenance);
    expect(telegramErrorMessage(closed)).toEqual(maintenance);
  });

  it("login: the server's message or 'Login failed.'", () => {
    const wrong = new ApiError({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      serverMessage: 'Invalid email or password',
      messageKey: 'server.invalidCredentials',
    });
    expect(loginErrorMessage(wrong)).toEqual({
      message: 'Invalid email or password',
      messageKey: 'server.invalidCredentials',
      params: {},
    });
    expect(loginErrorMessage(apiError(0)).messageKey).toBe('spec.loginFailed');
    expect(loginErrorMessage(new Error('x'))).toEqual({
      message: MESSAGES.loginFailed,
      messageKey: 'spec.loginFailed',
    });
  });
});

describe('register form validation (spec §5)', () => {
  const valid = { username: 'amina', email: 'amina@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a valid form', () => {
    expect(validateRegisterForm(valid)).toEqual({});
  });

  it('uses the spec messages for each rule', () => {
    expect(validateRegisterForm({ ...valid, username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(validateRegisterForm({ ...valid, email: 'amina.example.com' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateRegisterForm({ ...valid, email: 'amina@' }).email).toBe('Please enter a valid email address');
    expect(validateRegisterForm({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateRegisterForm({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });

  it('reads the referral code from ?ref=, then ?start, ignoring malformed codes', () => {
    expect(referralCodeFromSearch('ref=ABC123')).toBe('ABC123');
    expect(referralCodeFromSearch('?start=XYZ')).toBe('XYZ');
    expect(referralCodeFromSearch('ref=A1&start=B2')).toBe('A1');
    expect(referralCodeFromSearch('ref=<script>')).toBeNull();
    expect(referralCodeFromSearch('')).toBeNull();
  });
});

describe('session from an auth answer', () => {
  it('keeps the token with the user', () => {
    const user = buildUser();
    const session = toSession({
      success: true,
      token: 'jwt',
      user,
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
    });
    expect(session.user.token).toBe('jwt');
    expect(session.user.username).toBe(user.username);
  });

  it("refuses an answer without a token ('Invalid token received')", () => {
    expect(() => toSession({ success: true, token: '', user: buildUser() })).toThrow('Invalid token received');
  });
});
