import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { telegramVerifyConnectionEndpoint } from '@/lib/endpoints/telegram-verify-connection';
import { takeTelegramAction, type TelegramActionResponse } from '../utils/telegram-action-response';
import { telegramConnectionQueryKey } from './get-telegram-connection';

/**
 * POST /api/telegram/verify-connection {connectionCode}: links the Telegram account that asked
 * the bot for the code (/connect). 400/404/409 carry a message.
 */
export function verifyTelegramConnection(connectionCode: string): Promise<TelegramActionResponse> {
  return call(telegramVerifyConnectionEndpoint, { body: { connectionCode } }).then(takeTelegramAction);
}

export function useVerifyTelegramConnection(
  options: Omit<UseMutationOptions<TelegramActionResponse, Error, string>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyTelegramConnection,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: telegramConnectionQueryKey });
      return options.onSettled?.(...args);
    },
  });
}
