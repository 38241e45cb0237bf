import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/telegram/connection-status, as the client needs it. */
export type TelegramConnectionStatus = {
  hasTelegram: boolean;
  telegramUsername: string | null;
  /** The bot users send /connect to (and that referral start links point at), when configured. */
  botUsername: string | null;
  /** The mini app's short name, for direct t.me/<bot>/<app>?startapp= links, when configured. */
  miniAppShortName: string | null;
};

const optionalString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Reads the answer; throws (an INVALID_RESPONSE for the client) when it is not the expected shape. */
export function parseTelegramConnectionStatus(data: unknown): TelegramConnectionStatus {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  if (!record || typeof record.hasTelegram !== 'boolean') throw new Error('Unexpected connection status');
  return {
    hasTelegram: record.hasTelegram,
    telegramUsername: optionalString(record.telegram_username),
    botUsername: optionalString(record.botUsername)?.replace(/^@/, '') ?? null,
    miniAppShortName: optionalString(record.miniAppShortName),
  };
}

export const telegramConnectionQueryKey = ['telegram', 'connection-status'] as const;

export function getTelegramConnection({ signal }: { signal?: AbortSignal } = {}): Promise<TelegramConnectionStatus> {
  return api.get('/telegram/connection-status', { signal, parse: parseTelegramConnectionStatus });
}

export function telegramConnectionQueryOptions() {
  return queryOptions({
    queryKey: telegramConnectionQueryKey,
    queryFn: ({ signal }) => getTelegramConnection({ signal }),
    // Without data a refetch resets the query to pending: the card would flash "loading" for a
    // server that simply has no Telegram route. Linking happens on this page, which refreshes it.
    retryOnMount: false,
    refetchOnWindowFocus: false,
  });
}

export function useTelegramConnection() {
  return useQuery(telegramConnectionQueryOptions());
}
