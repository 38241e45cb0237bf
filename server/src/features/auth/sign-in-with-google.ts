import { and, eq, isNull } from 'drizzle-orm';
import { AppError, type GoogleSignInRequest } from '@ziver/shared';
import { isUniqueViolation, type Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { createExternalUser } from './create-external-user.js';
import type { GoogleIdentity } from './google-id-token.js';
import { usernameBase } from './usernames.js';

/**
 * Finds or creates the account of a verified Google identity:
 * 1. the account already linked to this Google `sub`;
 * 2. else the account with the same email, linked now — only when Google says the email is
 *    verified (an unverified address proves nothing about who owns it);
 * 3. else a new account (no password), its email set only when verified, username from the
 *    name or the email.
 * Concurrent first sign-ins of the same identity end on one account. `beforeCreate` runs only
 * when a new account would be made, and may refuse by throwing (lockdown).
 */
export async function signInWithGoogle(
  db: Db,
  identity: GoogleIdentity,
  options: {
    beforeCreate?: () => Promise<void>;
    /** The visitor's language and theme, kept by a new account. */
    choices?: Pick<GoogleSignInRequest, 'language' | 'theme'>;
  } = {},
): Promise<{ user: UserRow; isNewUser: boolean }> {
  const verifiedEmail = identity.isEmailVerified ? identity.email : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
    if (bySub) return { user: bySub, isNewUser: false };

    if (verifiedEmail) {
      const [byEmail] = await db.select().from(users).where(eq(users.email, verifiedEmail)).limit(1);
      if (byEmail) {
        if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
          throw new AppError('EMAIL_TAKEN', 'identity.googleEmailLinkedElsewhere');
        }
        const [linked] = await db
          .update(users)
          .set({ googleSub: identity.sub })
          .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
          .returning();
        if (linked) return { user: linked, isNewUser: false };
        continue; // linked by a concurrent request: look again
      }
    }

    await options.beforeCreate?.();
    const bases = [usernameBase(identity.name), usernameBase(identity.email)].filter((b): b is string => b !== null);
    try {
      const user = await createExternalUser(db, {
        preferred: bases,
        fallbackBase: bases[0] ?? 'user',
        values: {
          googleSub: identity.sub,
          email: verifiedEmail,
          registeredEmail: verifiedEmail,
          avatarUrl: identity.picture,
          ...(options.choices?.language && { language: options.choices.language }),
          ...(options.choices?.theme && { theme: options.choices.theme }),
        },
      });
      return { user, isNewUser: true };
    } catch (error) {
      if (isUniqueViolation(error, 'users_google_sub_key') || isUniqueViolation(error, 'users_email_key')) continue;
      throw error;
    }
  }
  throw new Error('Google sign-in did not settle after concurrent attempts');
}
