import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(40), ...env }, { persistSecrets: false });

describe('identity configuration', () => {
  it('has working defaults: Google off, Google key set URL, 24 h initData, a derived encryption key', () => {
    const config = load({});
    expect(config.google).toEqual({
      clientIds: [],
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      tokenInfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
    });
    expect(config.telegram.initDataMaxAgeSeconds).toBe(86_400);
    expect(config.encryptionKey).toHaveLength(32);
    // Derived deterministically from JWT_SECRET, so restarts can still read stored secrets.
    expect(load({}).encryptionKey.equals(config.encryptionKey)).toBe(true);
    expect(load({ JWT_SECRET: 'k'.repeat(40) }).encryptionKey.equals(config.encryptionKey)).toBe(false);
  });

  it('reads the variables', () => {
    const hex = 'ab'.repeat(32);
    const config = load({
      GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com,android.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:5555/certs/',
      GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:5555/tokeninfo',
      TELEGRAM_INITDATA_MAX_AGE_SECONDS: '3600',
      ENCRYPTION_KEY: hex,
    });
    expect(config.google).toEqual({
      clientIds: ['web.apps.googleusercontent.com', 'android.apps.googleusercontent.com'],
      jwksUrl: 'http://127.0.0.1:5555/certs',
      tokenInfoUrl: 'http://127.0.0.1:5555/tokeninfo',
    });
    expect(config.telegram.initDataMaxAgeSeconds).toBe(3600);
    expect(config.encryptionKey.toString('hex')).toBe(hex);
    expect(load({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).encryptionKey).toEqual(Buffer.alloc(32, 7));
  });

  it.each([
    [{ ENCRYPTION_KEY: 'too-short' }, 'ENCRYPTION_KEY'],
    [{ TELEGRAM_INITDATA_MAX_AGE_SECONDS: '5' }, 'TELEGRAM_INITDATA_MAX_AGE_SECONDS'],
    [{ GOOGLE_JWKS_URL: 'ftp://example.com/certs' }, 'GOOGLE_JWKS_URL'],
    [{ GOOGLE_TOKENINFO_URL: 'not a url' }, 'GOOGLE_TOKENINFO_URL'],
    [{ GOOGLE_CLIENT_ID: 'has spaces in it' }, 'GOOGLE_CLIENT_ID'],
  ])('fails start-up naming the bad variable (%j)', (env, name) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(new RegExp(`${name}:`));
  });
});
