import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { authConfigEndpoint } from '@/lib/endpoints/auth-config';

/**
 * The bot's username from GET /api/auth/config: the fallback for start links when the
 * Telegram connection status cannot say (no such route yet, or it failed).
 */
export function getBotUsername({ signal }: { signal?: AbortSignal } = {}): Promise<string | null> {
  return call(authConfigEndpoint, { signal }).then((answer) => answer.telegramBotUsername?.replace(/^@/, '') || null);
}

export function botUsernameQueryOptions() {
  return queryOptions({
    queryKey: ['telegram', 'bot-username'],
    queryFn: ({ signal }) => getBotUsername({ signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useBotUsername(isEnabled: boolean) {
  return useQuery({ ...botUsernameQueryOptions(), enabled: isEnabled });
}
