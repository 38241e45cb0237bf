import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { normaliseBackupCode, TWO_FACTOR_BACKUP_CODE_COUNT, TWO_FACTOR_ISSUER } from '@ziver/shared';
import { hmacSha256Hex, openSecret, sealSecret } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/client.js';
import { twoFactorBackupCodes, users, type UserRow } from '../../platform/db/schema.js';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s step) accepting the previous, current and next step.
 * otplib's epochTolerance is in seconds: 30 covers exactly one step either side.
 */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_TOLERANCE_SECONDS = 30;

/** A new base32 TOTP secret (160 bits). */
export function createTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app scans: issuer Ziver, labelled with the email or username. */
export function buildOtpauthUri(secret: string, label: string): string {
  return generateURI({
    issuer: TWO_FACTOR_ISSUER,
    label,
    secret,
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
    algorithm: 'sha1',
  });
}

/** The TOTP secret is stored sealed (AES-256-GCM) and bound to its user id. */
export function sealTotpSecret(key: Buffer, userId: string, secret: string): string {
  return sealSecret(key, secret, `totp:${userId}`);
}

export function openTotpSecret(key: Buffer, user: Pick<UserRow, 'id' | 'twoFactorSecret'>): string | null {
  if (!user.twoFactorSecret) return null;
  try {
    return openSecret(key, user.twoFactorSecret, `totp:${user.id}`);
  } catch {
    return null;
  }
}

export type CodeCheck = 'accepted' | 'invalid' | 'reused';

/**
 * Checks a 6-digit code against the user's secret and records its time step in the same
 * conditional UPDATE that accepts it: a step at or below the last accepted one is refused,
 * so each code works once even when two requests race. `expectEnabled` says whether 2FA must
 * already be on (sign-in, disable) or still off (confirming setup); `enableOnAccept` turns it
 * on in that same statement.
 */
export async function acceptTotpCode(
  db: Db,
  options: { user: UserRow; key: Buffer; code: string; expectEnabled: boolean; enableOnAccept?: boolean },
): Promise<CodeCheck> {
  const { user, code } = options;
  const secret = openTotpSecret(options.key, user);
  if (!secret || user.twoFactorEnabled !== options.expectEnabled) return 'invalid';
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  });
  // The TOTP strategy's result carries the matched time step (HOTP's does not).
  if (!result.valid || !('timeStep' in result)) return 'invalid';
  const step = result.timeStep;
  const updated = await db
    .update(users)
    .set(options.enableOnAccept ? { twoFactorLastStep: step, twoFactorEnabled: true } : { twoFactorLastStep: step })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.twoFactorEnabled, options.expectEnabled),
        eq(users.twoFactorSecret, user.twoFactorSecret!),
        or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1 ? 'accepted' : 'reused';
}

// No 0/O, 1/I: codes are copied from paper. 32 symbols × 12 = 60 bits per code.
const BACKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten fresh backup codes shaped XXXX-XXXX-XXXX. */
export function generateBackupCodes(count = TWO_FACTOR_BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let raw = '';
    for (let i = 0; i < 12; i++) raw += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
    codes.add(normaliseBackupCode(raw));
  }
  return [...codes];
}

/** Backup codes are stored as an HMAC keyed by the server's encryption key (a pepper) and bound to the user. */
function hashBackupCode(key: Buffer, userId: string, code: string): string {
  return hmacSha256Hex(key, `backup:${userId}:${normaliseBackupCode(code)}`);
}

/** Replaces all of a user's backup codes with these (stored hashed only). */
export async function replaceBackupCodes(
  db: Db,
  options: { userId: string; key: Buffer; codes: string[] },
): Promise<void> {
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, options.userId));
  await db.insert(twoFactorBackupCodes).values(
    options.codes.map((code) => ({
      userId: options.userId,
      codeHash: hashBackupCode(options.key, options.userId, code),
    })),
  );
}

/** Uses a backup code once: one conditional UPDATE, so a code cannot be spent twice. */
export async function useBackupCode(db: Db, options: { user: UserRow; key: Buffer; code: string }): Promise<CodeCheck> {
  if (!options.user.twoFactorEnabled) return 'invalid';
  const used = await db
    .update(twoFactorBackupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorBackupCodes.userId, options.user.id),
        eq(twoFactorBackupCodes.codeHash, hashBackupCode(options.key, options.user.id, options.code)),
        isNull(twoFactorBackupCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorBackupCodes.id });
  return used.length === 1 ? 'accepted' : 'invalid';
}

/** Unused backup codes left for a user. */
export async function countBackupCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorBackupCodes)
    .where(and(eq(twoFactorBackupCodes.userId, userId), isNull(twoFactorBackupCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** Checks a second factor that is either a TOTP code or a backup code. */
export function acceptSecondFactor(
  db: Db,
  options: { user: UserRow; key: Buffer; kind: 'totp' | 'backup'; code: string },
): Promise<CodeCheck> {
  return options.kind === 'totp'
    ? acceptTotpCode(db, { user: options.user, key: options.key, code: options.code, expectEnabled: true })
    : useBackupCode(db, { user: options.user, key: options.key, code: options.code });
}
