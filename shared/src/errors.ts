/**
 * The closed list of machine-readable error codes. Every failure the API sends is
 * `{ success: false, message, messageKey, params, code }` with one of these codes; the client branches on `code`.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  // identity (sign-in methods, two-factor, account settings)
  INVALID_GOOGLE_TOKEN: 401,
  INVALID_TELEGRAM_DATA: 401,
  INVALID_LOGIN_TOKEN: 401,
  TWO_FACTOR_CHALLENGE_INVALID: 401,
  INVALID_TWO_FACTOR_CODE: 400,
  /** A right code whose 30 s step was already accepted (e.g. the one that just enabled 2FA): the next code works. */
  TWO_FACTOR_CODE_REUSED: 400,
  WRONG_PASSWORD: 400,
  /** A password reset link that is not one of ours (malformed or unknown): nothing changed. */
  PASSWORD_RESET_TOKEN_INVALID: 400,
  /** A password reset link older than its 30 minutes: request a new one. */
  PASSWORD_RESET_TOKEN_EXPIRED: 400,
  /** A password reset link already spent: it works once. */
  PASSWORD_RESET_TOKEN_USED: 400,
  /** An email verification link that is not one of ours (malformed, unknown or superseded by a newer one). */
  EMAIL_VERIFICATION_TOKEN_INVALID: 400,
  /** An email verification link older than its 24 hours. */
  EMAIL_VERIFICATION_TOKEN_EXPIRED: 400,
  /** An email verification link already spent. */
  EMAIL_VERIFICATION_TOKEN_USED: 400,
  /** The account's address changed after the link was sent: the link verifies nothing. */
  EMAIL_VERIFICATION_ADDRESS_CHANGED: 409,
  /** The account's address is already verified: no mail was sent. */
  EMAIL_ALREADY_VERIFIED: 409,
  /** The account has no email address to verify. */
  EMAIL_NOT_SET: 409,
  /** This server sends no mail (MAIL=off). */
  MAIL_NOT_CONFIGURED: 503,
  /** The account has 2FA on: this step also needs a current TOTP code or a backup code. */
  TWO_FACTOR_CODE_REQUIRED: 400,
  PASSWORD_NOT_SET: 400,
  EMAIL_TAKEN: 409,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  TWO_FACTOR_SETUP_REQUIRED: 409,
  GOOGLE_NOT_CONFIGURED: 503,
  TELEGRAM_NOT_CONFIGURED: 503,
  /** Wallet linking is off on this server (no TON Connect manifest URL can be known). */
  WALLET_NOT_CONFIGURED: 503,
  PUSH_NOT_CONFIGURED: 503,
  FORBIDDEN: 403,
  /** An admin suspended the account: sign-ins are refused. */
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USER_EXISTS: 409,
  MINING_ALREADY_ACTIVE: 409,
  MINING_NOT_STARTED: 409,
  MINING_NOT_FINISHED: 409,
  /** A ton_proof failed one of its checks (the message says which); nothing was linked. */
  TON_PROOF_INVALID: 400,
  /** The wallet address is linked to another account. */
  WALLET_ADDRESS_TAKEN: 409,
  /** The account already has another wallet linked: unlink it first. */
  WALLET_ALREADY_LINKED: 409,
  /** A request with the same Idempotency-Key is still being answered: send again once it has been. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** The Idempotency-Key was first used for another request (method, path or body): use a new key. */
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  LOCKDOWN: 503,
  UNAVAILABLE: 503,
  /** The database is down, cut off or not answering; the call changed nothing or may be retried. */
  DATABASE_UNAVAILABLE: 503,
  /** Too many uploads are being processed: nothing was stored; send again after Retry-After. */
  SERVER_BUSY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}
