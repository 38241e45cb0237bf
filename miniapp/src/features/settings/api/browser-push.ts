import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Answer } from '@/lib/call';
import { notificationChannelsEndpoint } from '@/lib/endpoints/notification-channels';
import { pushPublicKeyEndpoint } from '@/lib/endpoints/push-public-key';
import { pushSubscribeEndpoint } from '@/lib/endpoints/push-subscribe';
import { pushUnsubscribeEndpoint } from '@/lib/endpoints/push-unsubscribe';
import { currentPushSubscription, subscribeThisDevice, unsubscribeThisDevice } from '@/lib/browser-push';

export type NotificationChannels = Answer<'notificationChannels'>['channels'];

const channelsQueryKey = ['settings', 'notifications', 'channels'] as const;
const deviceQueryKey = ['settings', 'notifications', 'this-device'] as const;

/**
 * GET /api/settings/notifications/channels: what this server can deliver to the account, and
 * whether this device's browser subscription (`endpoint`) is one the server holds for it.
 */
export function useNotificationChannels(endpoint: string | null, isEnabled = true) {
  return useQuery({
    queryKey: [...channelsQueryKey, endpoint],
    queryFn: async ({ signal }): Promise<NotificationChannels> =>
      (await call(notificationChannelsEndpoint, { signal, query: endpoint ? { endpoint } : {} })).channels,
    enabled: isEnabled,
  });
}

/** This device's push subscription endpoint (null: not subscribed), read from the browser. */
export function useThisDevicePush(isEnabled: boolean) {
  return useQuery({
    queryKey: deviceQueryKey,
    queryFn: async () => (await currentPushSubscription())?.endpoint ?? null,
    enabled: isEnabled,
  });
}

/**
 * Turns push on for this device (permission, worker, PushManager.subscribe with the server's key,
 * POST /api/push/subscriptions) or off (the browser's subscription ended, DELETE on the server).
 */
export function useSetThisDevicePush(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, boolean>({
    mutationFn: async (isOn) => {
      if (isOn) {
        const { publicKey } = await call(pushPublicKeyEndpoint);
        if (!publicKey) throw new Error('push is off on this server');
        const subscription = await subscribeThisDevice(publicKey);
        return call(pushSubscribeEndpoint, {
          body: {
            endpoint: subscription.endpoint ?? '',
            keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
          },
        });
      }
      const endpoint = await unsubscribeThisDevice();
      return endpoint ? call(pushUnsubscribeEndpoint, { query: { endpoint } }) : null;
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceQueryKey }),
        queryClient.invalidateQueries({ queryKey: channelsQueryKey }),
      ]);
    },
    onSuccess: () => options.onSuccess?.(),
    onError: (error) => options.onError?.(error),
  });
}
