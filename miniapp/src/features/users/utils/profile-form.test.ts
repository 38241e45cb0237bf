import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@ziver/shared/core';
import { ApiError } from '@/lib/api-client';
import {
  bioCounter,
  canUseDetected,
  formValuesOf,
  handleOf,
  profileChanges,
  profileErrorMessage,
  validateProfileForm,
} from './profile-form';

const saved = { bio: 'Hello', telegram_username: null, twitter_username: 'ziver', linkedin_url: null };

describe('profile form', () => {
  it('starts from the saved values', () => {
    expect(formValuesOf(saved)).toEqual({
      bio: 'Hello',
      telegram_username: '',
      twitter_username: 'ziver',
      linkedin_url: '',
    });
  });

  it('sends only what changed, usernames without @, and "" to clear', () => {
    const values = formValuesOf(saved);
    expect(profileChanges(values, saved)).toBeNull();
    expect(profileChanges({ ...values, twitter_username: '@ziver' }, saved)).toBeNull();
    expect(profileChanges({ ...values, telegram_username: '@detected_user', bio: ' Hello ' }, saved)).toEqual({
      telegram_username: 'detected_user',
    });
    expect(profileChanges({ ...values, twitter_username: '', bio: 'New bio' }, saved)).toEqual({
      twitter_username: '',
      bio: 'New bio',
    });
  });

  it('validates with the server rules', () => {
    const values = formValuesOf(saved);
    expect(validateProfileForm(values)).toEqual({});
    expect(
      validateProfileForm({
        bio: 'x'.repeat(501),
        telegram_username: 'abc',
        twitter_username: 'much_too_long_handle',
        linkedin_url: 'http://linkedin.com/in/x',
      }),
    ).toEqual({
      bio: PROFILE_MESSAGES.bioTooLong,
      telegram_username: PROFILE_MESSAGES.telegramUsernameInvalid,
      twitter_username: PROFILE_MESSAGES.twitterUsernameInvalid,
      linkedin_url: PROFILE_MESSAGES.linkedinUrlInvalid,
    });
    expect(validateProfileForm({ ...values, linkedin_url: 'https://www.linkedin.com/in/ada' })).toEqual({});
  });

  it('counts bio characters out of 500', () => {
    expect(bioCounter('abc')).toEqual({ count: 3, max: 500, isOver: false });
    expect(bioCounter('x'.repeat(501)).isOver).toBe(true);
  });

  it("offers 'Use detected' only with a detected username and an empty field", () => {
    expect(canUseDetected('', 'detected_user')).toBe(true);
    expect(canUseDetected('  ', 'detected_user')).toBe(true);
    expect(canUseDetected('typed', 'detected_user')).toBe(false);
    expect(canUseDetected('', null)).toBe(false);
  });

  it("reads usernames as '@name' or nothing (Not connected)", () => {
    expect(handleOf('ziver')).toBe('@ziver');
    expect(handleOf(null)).toBeNull();
    expect(handleOf('')).toBeNull();
  });

  it("shows the server's message, else the spec's fallback", () => {
    const withMessage = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'x',
      serverMessage: PROFILE_MESSAGES.bioTooLong,
      messageKey: 'profile.bioTooLong',
    });
    expect(profileErrorMessage(withMessage)).toEqual({
      message: PROFILE_MESSAGES.bioTooLong,
      messageKey: 'profile.bioTooLong',
      params: {},
    });
    expect(profileErrorMessage(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' }))).toBe(
      'Failed to update profile. Please try again.',
    );
    expect(profileErrorMessage(new Error('boom'))).toBe('Failed to update profile. Please try again.');
  });
});
