import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '@ziver/shared';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';

export type GoogleIdentity = {
  sub: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string | null;
  picture: string | null;
};

/** Verifies what Google's browser libraries hand a client: an ID token or an OAuth access token. */
export type GoogleTokenVerifier = (token: string) => Promise<GoogleIdentity>;

/** An ID token is a JWS: three base64url parts. Anything else is treated as an access token. */
const isJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Failures that mean "this token is not a valid Google sign-in" (401), as opposed to "cannot check now" (503). */
const TOKEN_ERROR_CODES: ReadonlySet<string> = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
]);

/**
 * Verifies Google ID tokens against Google's key set (GOOGLE_JWKS_URL, cached and refreshed by
 * jose when an unknown key id appears): RS256 signature, issuer, audience (GOOGLE_CLIENT_ID)
 * and expiry. Without a client id every call answers GOOGLE_NOT_CONFIGURED.
 */
export function createGoogleTokenVerifier(config: Config['google'], logger: Logger): GoogleTokenVerifier {
  if (config.clientIds.length === 0) {
    return async () => {
      throw new AppError('GOOGLE_NOT_CONFIGURED', 'identity.googleNotConfigured');
    };
  }
  const keySet = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000 });
  const verifyAccessToken = createAccessTokenVerifier(config, logger);
  return async (token) => (isJwt(token) ? verifyIdToken(token) : verifyAccessToken(token));

  async function verifyIdToken(idToken: string): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keySet, {
        issuer: GOOGLE_ISSUERS,
        audience: config.clientIds,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 10,
      }));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && TOKEN_ERROR_CODES.has(code)) {
        throw new AppError('INVALID_GOOGLE_TOKEN', 'identity.googleTokenInvalid');
      }
      logger.error(
        { err: error, jwksUrl: config.jwksUrl },
        'could not verify a Google ID token (key set unavailable?)',
      );
      throw new AppError('UNAVAILABLE', 'identity.googleUnavailable');
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
      throw new AppError('INVALID_GOOGLE_TOKEN', 'identity.googleTokenInvalid');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
    return {
      sub: payload.sub,
      email: email && email.length <= 254 && email.includes('@') ? email : null,
      // Google sends a boolean; some older tokens carried the string "true".
      isEmailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : null,
      picture: typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) ? payload.picture : null,
    };
  }
}

const INVALID = () => new AppError('INVALID_GOOGLE_TOKEN', 'identity.googleTokenInvalid');

/**
 * OAuth access tokens (Google's browser token client) are opaque: Google's token-info endpoint
 * (GOOGLE_TOKENINFO_URL) says whom they were issued to. Accepted only when the audience is one of
 * our client ids, the token has not expired and the email is verified (an access token carries
 * no signed claims of its own, so the verified email is what identifies the person).
 */
function createAccessTokenVerifier(config: Config['google'], logger: Logger): GoogleTokenVerifier {
  return async (accessToken) => {
    const url = new URL(config.tokenInfoUrl);
    url.searchParams.set('access_token', accessToken);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    } catch (error) {
      logger.error({ err: error, tokenInfoUrl: config.tokenInfoUrl }, 'could not reach Google token info');
      throw new AppError('UNAVAILABLE', 'identity.googleUnavailable');
    }
    // Google answers 400 for an unknown, revoked or expired token.
    if (response.status >= 400 && response.status < 500) throw INVALID();
    if (!response.ok) {
      logger.error({ status: response.status, tokenInfoUrl: config.tokenInfoUrl }, 'Google token info failed');
      throw new AppError('UNAVAILABLE', 'identity.googleUnavailable');
    }
    const info = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!info || typeof info !== 'object') throw INVALID();
    const audience = typeof info.aud === 'string' ? info.aud : typeof info.azp === 'string' ? info.azp : '';
    const expiresAt = Number(info.exp);
    const sub = typeof info.sub === 'string' ? info.sub : '';
    const email = typeof info.email === 'string' ? info.email.trim().toLowerCase() : '';
    const isEmailVerified = info.email_verified === true || info.email_verified === 'true';
    if (!config.clientIds.includes(audience)) throw INVALID();
    if (!Number.isFinite(expiresAt) || expiresAt * 1000 <= Date.now()) throw INVALID();
    if (sub.length === 0 || sub.length > 255) throw INVALID();
    if (!isEmailVerified || !email.includes('@') || email.length > 254) throw INVALID();
    return { sub, email, isEmailVerified: true, name: null, picture: null };
  };
}
