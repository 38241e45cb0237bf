import { useBotUsername } from '../api/get-bot-username';
import { useTelegramConnection } from '../api/get-telegram-connection';

/** The bot's username: from the connection status, else from the auth config; null when there is no bot. */
export function useReferralBot(): string | null {
  const connection = useTelegramConnection();
  const fromStatus = connection.data?.botUsername ?? null;
  const fallback = useBotUsername(!fromStatus && !connection.isPending);
  return fromStatus ?? fallback.data ?? null;
}
