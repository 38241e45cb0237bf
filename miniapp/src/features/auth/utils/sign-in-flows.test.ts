import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@ziver/shared/core';
import type { AuthResponse } from '@ziver/shared';
import { ApiError } from '@/lib/api-client';
import { buildUser } from '@/testing/factories';
import { telegramReferralCode } from '../hooks/use-telegram-sign-in';
import { googleErrorMessage, twoFactorErrorMessage } from './auth-errors';
import { googleInitReason, googleTokenProblem } from './google-token';
import { redeemLoginToken } from './redeem-login-token';
import { destinationAfterSignIn, readSignInResult } from './sign-in-result';

const sessionAnswer = (overrides: Partial<AuthResponse> = {}): AuthResponse => ({
  success: true,
  token: 'jwt-1',
  user: buildUser({ zp_balance: 1 }),
  appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
  twoFactorRequired: false,
  ...overrides,
});

describe('token login (spec §5)', () => {
  it("refuses an empty or missing token with 'Invalid token received', without calling the server", async () => {
    const tokenLogin = vi.fn();
    const getCurrentUser = vi.fn();
    for (const token of ['', '   ', null]) {
      await expect(redeemLoginToken(token, { tokenLogin, getCurrentUser })).rejects.toThrow('Invalid token received');
    }
    expect(tokenLogin).not.toHaveBeenCalled();
  });

  it("needs the current-user call to succeed, otherwise 'Token validation failed'", async () => {
    const tokenLogin = vi.fn(async () => sessionAnswer());
    const getCurrentUser = vi.fn(async () => {
      throw new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'no' });
    });
    await expect(redeemLoginToken('abc', { tokenLogin, getCurrentUser })).rejects.toThrow(
      MESSAGES.tokenValidationFailed,
    );
    expect(getCurrentUser).toHaveBeenCalledWith({ token: 'jwt-1' });
  });

  it('keeps the new token with the fresh user from the current-user call', async () => {
    const tokenLogin = vi.fn(async () => sessionAnswer());
    const getCurrentUser = vi.fn(async () => ({ user: buildUser({ zp_balance: 42 }), appSettings: undefined }));
    const result = await redeemLoginToken(' abc ', { tokenLogin, getCurrentUser });
    expect(tokenLogin).toHaveBeenCalledWith({ token: 'abc' });
    expect(result.kind).toBe('session');
    if (result.kind !== 'session') return;
    expect(result.session.user.token).toBe('jwt-1');
    expect(result.session.user.zp_balance).toBe(42);
    expect(result.session.appSettings.MINING_REWARD).toBe(50);
  });

  it('passes a 2FA challenge on to the second step', async () => {
    const tokenLogin = vi.fn(async () => ({ success: true as const, twoFactorRequired: true, token: 'challenge' }));
    const getCurrentUser = vi.fn();
    await expect(redeemLoginToken('abc', { tokenLogin, getCurrentUser })).resolves.toEqual({
      kind: 'two-factor',
      challenge: 'challenge',
    });
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it("refuses a login answer without a token ('Invalid token received')", async () => {
    const tokenLogin = vi.fn(async () => sessionAnswer({ token: '' }));
    await expect(redeemLoginToken('abc', { tokenLogin, getCurrentUser: vi.fn() })).rejects.toThrow(
      'Invalid token received',
    );
  });
});

describe('sign-in answers and destinations (spec §2)', () => {
  it('reads a session or a 2FA challenge', () => {
    expect(readSignInResult(sessionAnswer({ isNewUser: true }))).toMatchObject({ kind: 'session', isNewUser: true });
    expect(readSignInResult({ success: true, twoFactorRequired: true, token: 'c' })).toEqual({
      kind: 'two-factor',
      challenge: 'c',
    });
  });

  it('sends a first Google sign-in to /profile/setup with the welcome, a returning one to /mining with a welcome back', () => {
    expect(destinationAfterSignIn({ method: 'google', isNewUser: true })).toEqual({
      path: '/profile/setup',
      welcome: 'new',
    });
    expect(destinationAfterSignIn({ method: 'google', isNewUser: false })).toEqual({
      path: '/mining',
      welcome: 'back',
    });
    expect(destinationAfterSignIn({ method: 'password', isNewUser: false })).toEqual({
      path: '/mining',
      welcome: null,
    });
    expect(destinationAfterSignIn({ method: 'token', isNewUser: false })).toEqual({ path: '/mining', welcome: null });
  });
});

describe('Google sign-in checks and messages (spec §5, §8)', () => {
  it('checks the ID token before sending it', () => {
    expect(googleTokenProblem(undefined)).toBe('No token received from Google OAuth');
    expect(googleTokenProblem('')).toBe('No token received from Google OAuth');
    expect(googleTokenProblem('short')).toBe('Invalid token format');
    expect(googleTokenProblem(12345678901)).toBe('Invalid token format');
    expect(googleTokenProblem('eyJhbGciOiJSUzI1NiJ9.payload.sig')).toBeNull();
  });

  it('gives a reason for init failures when there is one', () => {
    expect(googleInitReason(new Error('idpiframe_initialization_failed'))).toBe('idpiframe_initialization_failed');
    expect(googleInitReason(new Error(''))).toBeNull();
    expect(googleInitReason(undefined)).toBeNull();
  });

  it('uses the spec message unless the server says why', () => {
    const invalid = new ApiError({ status: 401, code: 'INVALID_GOOGLE_TOKEN', message: 'x', serverMessage: 'x' });
    const limited = new ApiError({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many',
      serverMessage: 'Too many',
      messageKey: 'server.rateLimited',
    });
    expect(googleErrorMessage(invalid)).toBe('Google authentication failed. Please try again.');
    expect(googleErrorMessage(limited)).toEqual({ message: 'Too many', messageKey: 'server.rateLimited', params: {} });
    expect(twoFactorErrorMessage(invalid)).toBe('Two-factor authentication failed. Please try again.');
  });
});

describe('Telegram referral code', () => {
  it('prefers ?ref / ?start, then the start_param, ignoring malformed codes', () => {
    expect(telegramReferralCode('ABC', 'XYZ')).toBe('ABC');
    expect(telegramReferralCode(null, 'XYZ123')).toBe('XYZ123');
    expect(telegramReferralCode(null, 'ref_XYZ123')).toBe('XYZ123');
    expect(telegramReferralCode(null, 'bad code!')).toBeNull();
    expect(telegramReferralCode(null, null)).toBeNull();
  });
});
