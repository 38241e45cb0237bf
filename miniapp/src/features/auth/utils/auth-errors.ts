import { MESSAGES } from '@ziver/shared';
import { isApiError } from '@/lib/api-client';

/** The registration error catalogue of spec §8 (English; the screen translates known messages). */
export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.registrationFailed;
  if (error.status === 400) return error.serverMessage ?? MESSAGES.invalidRegistrationData;
  if (error.status === 409) return error.serverMessage ?? MESSAGES.userExists;
  if (error.status >= 500) return MESSAGES.serverError;
  return MESSAGES.registrationFailed;
}

/** The login page shows the server's message, or 'Login failed.' (spec §8). */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return MESSAGES.loginFailed;
}
