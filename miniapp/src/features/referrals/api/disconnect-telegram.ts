import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { telegramDisconnectEndpoint } from '@/lib/endpoints/telegram-disconnect';
import { takeTelegramAction, type TelegramActionResponse } from '../utils/telegram-action-response';
import { telegramConnectionQueryKey } from './get-telegram-connection';

/** POST /api/telegram/disconnect: unlinks the Telegram account. */
export function disconnectTelegram(): Promise<TelegramActionResponse> {
  return call(telegramDisconnectEndpoint).then(takeTelegramAction);
}

export function useDisconnectTelegram(
  options: Omit<UseMutationOptions<TelegramActionResponse, Error, void>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: disconnectTelegram,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: telegramConnectionQueryKey });
      return options.onSettled?.(...args);
    },
  });
}
