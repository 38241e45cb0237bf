import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(40), ...env }, { persistSecrets: false });

describe('notification configuration', () => {
  it('defaults to a 120 s lease and an 8 s send timeout, and reads both', () => {
    expect(load({}).notifications).toMatchObject({ leaseSeconds: 120, sendTimeoutSeconds: 8 });
    expect(load({ NOTIFY_LEASE_SECONDS: '30', NOTIFY_SEND_TIMEOUT_SECONDS: '2.5' }).notifications).toMatchObject({
      leaseSeconds: 30,
      sendTimeoutSeconds: 2.5,
    });
  });

  it.each([
    [{ NOTIFY_LEASE_SECONDS: '0' }, 'NOTIFY_LEASE_SECONDS'],
    [{ NOTIFY_LEASE_SECONDS: 'soon' }, 'NOTIFY_LEASE_SECONDS'],
    [{ NOTIFY_SEND_TIMEOUT_SECONDS: '61' }, 'NOTIFY_SEND_TIMEOUT_SECONDS'],
    // A send in flight must not outlive its lease.
    [
      { NOTIFY_LEASE_SECONDS: '8', NOTIFY_SEND_TIMEOUT_SECONDS: '8' },
      'NOTIFY_LEASE_SECONDS: must be longer than NOTIFY_SEND_TIMEOUT_SECONDS',
    ],
  ])('fails start-up naming the bad variable (%j)', (env, text) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(text);
  });
});
