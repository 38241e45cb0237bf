import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TelegramConnectionStatus as TelegramConnectionAnswer } from '@ziver/shared';
import { call } from '@/lib/call';
import { telegramConnectionStatusEndpoint } from '@/lib/endpoints/telegram-connection-status';

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

/** The answer as the client needs it: blank names are none, the bot's without '@'. */
export function toTelegramConnectionStatus(answer: TelegramConnectionAnswer): TelegramConnectionStatus {
  return {
    hasTelegram: answer.hasTelegram,
    telegramUsername: optionalString(answer.telegram_username),
    botUsername: optionalString(answer.botUsername)?.replace(/^@/, '') ?? null,
    miniAppShortName: optionalString(answer.miniAppShortName),
  };
}

export const telegramConnectionQueryKey = ['telegram', 'connection-status'] as const;

export function getTelegramConnection({ signal }: { signal?: AbortSignal } = {}): Promise<TelegramConnectionStatus> {
  return call(telegramConnectionStatusEndpoint, { signal }).then(toTelegramConnectionStatus);
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
