import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './schemas.js';
import { MESSAGES } from './messages.js';
import { AppError } from './app-error.js';
import { ERROR_STATUS } from './errors.js';

const firstMessage = (input: unknown) => {
  const result = registerRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('register request', () => {
  const valid = { username: 'alice', email: 'Alice@Example.com', password: 'secret1' };

  it('accepts a valid request and normalises the email', () => {
    const parsed = registerRequestSchema.parse(valid);
    expect(parsed.email).toBe('alice@example.com');
  });
  it('uses the spec messages', () => {
    expect(firstMessage({ ...valid, username: 'al' })).toBe(MESSAGES.usernameTooShort);
    expect(firstMessage({ ...valid, email: 'alice.example.com' })).toBe(MESSAGES.invalidEmail);
    expect(firstMessage({ ...valid, password: '12345' })).toBe(MESSAGES.passwordTooShort);
  });
  it('refuses usernames longer than 20 or with odd characters', () => {
    expect(firstMessage({ ...valid, username: 'a'.repeat(21) })).toMatch(/at most 20/);
    expect(firstMessage({ ...valid, username: 'al ice' })).toMatch(/letters, numbers/);
  });
});

describe('AppError', () => {
  it('maps its code to a status', () => {
    expect(new AppError('RATE_LIMITED', 'server.rateLimited').status).toBe(429);
    expect(ERROR_STATUS.LOCKDOWN).toBe(503);
  });
});
