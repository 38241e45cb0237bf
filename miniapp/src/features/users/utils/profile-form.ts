import { BIO_MAX, PROFILE_MESSAGES } from '@ziver/shared/core';
import { stripAt, updateProfileRequestSchema, type PublicUser, type UpdateProfileRequest } from '@ziver/shared';
import { serverTextOf, type ServerText } from '@/i18n/server-message';

export type ProfileField = 'bio' | 'telegram_username' | 'twitter_username' | 'linkedin_url';
export type ProfileFormValues = Record<ProfileField, string>;
/** Field → the (English, shared) message of its first problem. */
export type ProfileFormErrors = Partial<Record<ProfileField, string>>;

export const PROFILE_FIELDS: readonly ProfileField[] = ['bio', 'telegram_username', 'twitter_username', 'linkedin_url'];

type ProfileUser = Pick<PublicUser, ProfileField>;

/** The edit form starts from the saved values ('' for none). */
export function formValuesOf(user: ProfileUser): ProfileFormValues {
  return {
    bio: user.bio ?? '',
    telegram_username: user.telegram_username ?? '',
    twitter_username: user.twitter_username ?? '',
    linkedin_url: user.linkedin_url ?? '',
  };
}

/** How a value will be stored: usernames without '@', everything trimmed, '' for none. */
function normalized(field: ProfileField, value: string): string {
  return field === 'telegram_username' || field === 'twitter_username' ? stripAt(value) : value.trim();
}

/**
 * The request for what changed ('' clears a field), or null when nothing did. Unchanged fields
 * are left out so a save never touches what the user did not edit.
 */
export function profileChanges(values: ProfileFormValues, user: ProfileUser): UpdateProfileRequest | null {
  const changes: UpdateProfileRequest = {};
  for (const field of PROFILE_FIELDS) {
    const next = normalized(field, values[field]);
    if (next !== (user[field] ?? '')) changes[field] = next;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The same rules as the server (the shared schema), per field. */
export function validateProfileForm(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const result = updateProfileRequestSchema.safeParse(values);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProfileField | undefined;
    if (field && PROFILE_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The bio counter: characters used out of 500, and whether it is over. */
export function bioCounter(bio: string): { count: number; max: number; isOver: boolean } {
  return { count: bio.length, max: BIO_MAX, isOver: bio.length > BIO_MAX };
}

/** 'Use detected' is offered when Telegram supplied a username and the field is empty (docs/spec.md §2). */
export function canUseDetected(value: string, detected: string | null): detected is string {
  return detected !== null && value.trim() === '';
}

/** Read mode of a username: '@name', or null for 'Not connected'. */
export function handleOf(username: string | null | undefined): string | null {
  return username ? `@${username}` : null;
}

/**
 * A failed save (docs/spec.md §8): the server's message when it sent one, else 'Failed to update
 * profile. Please try again.'.
 */
export function profileErrorMessage(error: unknown): ServerText | string {
  return serverTextOf(error) ?? PROFILE_MESSAGES.updateFailedFallback;
}
