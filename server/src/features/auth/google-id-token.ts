import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError, IDENTITY_MESSAGES } from '@ziver/shared';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';

export type GoogleIdentity = {
  sub: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string | null;
  picture: string | null;
};

export type GoogleTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Failures that mean "this token is not a valid Google sign-in" (401), as opposed to "cannot check now" (503). */
const TOKEN_ERROR_CODES = new Set([
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
      throw new AppError('GOOGLE_NOT_CONFIGURED', IDENTITY_MESSAGES.googleNotConfigured);
    };
  }
  const keySet = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000 });
  return async (idToken) => {
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
        throw new AppError('INVALID_GOOGLE_TOKEN', IDENTITY_MESSAGES.googleTokenInvalid);
      }
      logger.error(
        { err: error, jwksUrl: config.jwksUrl },
        'could not verify a Google ID token (key set unavailable?)',
      );
      throw new AppError('UNAVAILABLE', IDENTITY_MESSAGES.googleUnavailable);
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
      throw new AppError('INVALID_GOOGLE_TOKEN', IDENTITY_MESSAGES.googleTokenInvalid);
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
  };
}
