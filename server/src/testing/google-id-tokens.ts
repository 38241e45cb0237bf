import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const TEST_GOOGLE_CLIENT_ID = '1234567890-ziver-test.apps.googleusercontent.com';

export type GoogleClaims = JWTPayload & {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type FakeGoogle = {
  /** The key set URL to give the server as GOOGLE_JWKS_URL. */
  jwksUrl: string;
  /** How many times the key set was fetched. */
  readonly fetches: number;
  /**
   * A Google-format ID token (RS256, kid, iss accounts.google.com, aud the test client id,
   * 1 hour) signed by the served key; override any claim or header field.
   */
  signIdToken(
    claims?: GoogleClaims,
    options?: { key?: CryptoKey; kid?: string; expiresIn?: string | number; issuedAt?: number },
  ): Promise<string>;
  /** The token-info URL to give the server as GOOGLE_TOKENINFO_URL. */
  tokenInfoUrl: string;
  /**
   * An opaque OAuth access token (like Google's browser token client gives) that the token-info
   * stand-in describes: aud the test client id, a verified email, 1 hour; override any field.
   */
  issueAccessToken(info?: Partial<AccessTokenInfo>): string;
  /** Another RSA key, not in the key set (for bad-signature tests). */
  strangerKey: CryptoKey;
  close(): Promise<void>;
};

/** What Google's token-info endpoint answers for an access token (numbers as strings, like Google). */
export type AccessTokenInfo = {
  aud: string;
  azp: string;
  sub: string;
  email: string;
  email_verified: string;
  exp: string;
  expires_in: string;
  scope: string;
};

/**
 * A local stand-in for Google's sign-in keys and token-info endpoint: an RSA key pair whose public half is served as a
 * JWKS on 127.0.0.1, and a signer producing ID tokens shaped like Google's.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const kid = 'ziver-test-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const accessTokens = new Map<string, AccessTokenInfo>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/tokeninfo') {
      const info = accessTokens.get(url.searchParams.get('access_token') ?? '');
      const isLive = info && Number(info.exp) * 1000 > Date.now();
      res.writeHead(isLive ? 200 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(isLive ? info : { error: 'invalid_token', error_description: 'Invalid Value' }));
      return;
    }
    if (req.url === '/oauth2/v3/certs') {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    get fetches() {
      return fetches;
    },
    tokenInfoUrl: `http://127.0.0.1:${port}/tokeninfo`,
    issueAccessToken: (info = {}) => {
      const token = `ya29.test-${randomUUID()}`;
      const exp = Math.floor(Date.now() / 1000) + 3600;
      accessTokens.set(token, {
        aud: TEST_GOOGLE_CLIENT_ID,
        azp: TEST_GOOGLE_CLIENT_ID,
        sub: `google-${randomUUID()}`,
        email: `user-${randomUUID().slice(0, 8)}@example.com`,
        email_verified: 'true',
        exp: String(exp),
        expires_in: '3600',
        scope: 'openid email profile',
        ...info,
      });
      return token;
    },
    strangerKey: stranger.privateKey,
    signIdToken: (claims = {}, options = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const { sub = `google-${now}-${Math.random().toString(36).slice(2)}`, ...rest } = claims;
      return new SignJWT({
        iss: 'https://accounts.google.com',
        aud: TEST_GOOGLE_CLIENT_ID,
        azp: TEST_GOOGLE_CLIENT_ID,
        email_verified: true,
        ...rest,
      })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(options.issuedAt ?? now)
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key ?? privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
