/**
 * Every user-facing message the spec quotes (§5 and §8), verbatim. The client's English
 * locale and the server's error messages both read from here so the wording cannot drift.
 */
export const MESSAGES = {
  // §5 validation
  invalidTokenReceived: 'Invalid token received',
  tokenValidationFailed: 'Token validation failed',
  noGoogleToken: 'No token received from Google OAuth',
  invalidTokenFormat: 'Invalid token format',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  usernameTooShort: 'Username must be at least 3 characters',
  invalidEmail: 'Please enter a valid email address',
  enterConnectionCode: 'Please enter the connection code',
  avatarTooLarge: 'File size must be less than 1MB',
  avatarNotImage: 'Please select an image file',
  feedbackTitleRequired: 'Please enter a title for your feedback',
  feedbackDetailsRequired: 'Please provide details about your feedback',
  emailMustDiffer: 'New email must be different from current email',
  passwordComplexity: 'Password must include uppercase, lowercase, number, and special character',
  invalidTwoFactorCode: 'Please enter a valid 6-digit code',
  backupCodeRequired: 'Please enter a backup code',
  unsafeText: 'Text must not contain control characters or broken Unicode',

  // §8 registration
  invalidRegistrationData: 'Invalid registration data.',
  userExists: 'User already exists with this email or username.',
  serverError: 'Server error. Please try again later.',
  registrationFailed: 'Registration failed. Please try again.',
  // §8 login
  loginFailedDefault: 'Login failed. Please check your credentials.',
  loginFailed: 'Login failed.',
  googleAuthFailed: 'Google authentication failed. Please try again.',
  googleCancelled: 'Google authentication was cancelled or failed.',
  googleInitFailed: 'Failed to initialize Google sign-in',
  twoFactorFailed: 'Two-factor authentication failed. Please try again.',
  // §8 mining
  failedToClaim: 'Failed to claim reward',
  failedMiningStatus: 'Failed to get mining status',
  failedStartMining: 'Failed to start mining',
  failedMiningConfig: 'Failed to get mining config',
  failedUpdateSettings: 'Failed to update settings',
  claimError: 'An error occurred during claim',
  // §8 generic settings
  failedFetchSettings: 'Failed to fetch settings',
  genericError: 'An error occurred',
  copiedToClipboard: 'Copied to clipboard!',
} as const;

/** Server-side messages the spec leaves open; kept here so tests and client can refer to them. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  authRequired: 'Authentication required',
  sessionExpired: 'Your session has expired. Please sign in again.',
  miningAlreadyActive: 'A mining cycle is already running',
  miningNotStarted: 'No mining cycle to claim. Start mining first.',
  miningNotFinished: 'The mining cycle has not finished yet',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
  idempotencyKeyInUse: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  miningStarted: 'Mining started',
  rewardClaimed: 'Reward claimed',
  loggedOut: 'Logged out',
  registered: 'Registration successful',
  loggedIn: 'Login successful',
  notFound: 'Not found',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  lockdown: 'Ziver is under maintenance. Please try again later.',
  internal: 'Something went wrong on our side. Please try again later.',
  databaseUnavailable: 'Ziver cannot reach its database right now. Please try again in a minute.',
  forbidden: 'You do not have permission to do that',
  invalidJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  // The request-level refusals of the error handler (platform/http.ts).
  invalidPath: 'The request path is not valid',
  noRoute: 'No route for {method} {path}',
  unsupportedMediaType: 'Unsupported media type',
  badRequest: 'Bad request',
  badRequestReason: 'Bad request: {reason}',
  invalidValue: 'Invalid value',
  invalidValueFor: 'Invalid value for {field}',
  botStarting: 'The bot is starting',
  /** A text written by an operator (the lockdown notice, a task rule): shown as written, in every language. */
  verbatim: '{text}',
  usernameTaken: 'This username is already taken',
  // A refused second sign-in step: the reason, then what is left (TWO_FACTOR_MAX_ATTEMPTS).
  twoFactorCodeInvalidAttemptsLeft: 'Invalid verification code. Attempts left: {count}.',
  twoFactorCodeInvalidSignInAgain: 'Invalid verification code. Please sign in again.',
  twoFactorCodeReusedAttemptsLeft: 'This code has already been used. Wait for the next code. Attempts left: {count}.',
  twoFactorCodeReusedSignInAgain: 'This code has already been used. Please sign in again.',
  backupCodeInvalidAttemptsLeft: 'Invalid or already used backup code. Attempts left: {count}.',
  backupCodeInvalidSignInAgain: 'Invalid or already used backup code. Please sign in again.',
  passwordChangedMeanwhile: 'Your password was changed meanwhile. Please try again.',
} as const;
