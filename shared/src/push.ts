import { z } from 'zod';
import { endpoint } from './contract/define.js';
import { SETTINGS_MESSAGES } from './feature-messages.js';
import { messageFields, optionalMessageFields } from './message-schema.js';

/**
 * Browser Web Push (issue 39 item 7) and the notification channels' real state (item 9): the
 * schemas beside their contract entries. A subscription is what `PushSubscription.toJSON()` gives
 * (RFC 8030 endpoint, RFC 8291 keys); the channels answer says what this server can deliver, so
 * Settings → Notifications never shows "Enabled" for a channel that cannot.
 */

const base64url = (bytes: number) =>
  z
    .string({ error: SETTINGS_MESSAGES.pushKeysInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, SETTINGS_MESSAGES.pushKeysInvalid)
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), SETTINGS_MESSAGES.pushKeysInvalid);

const pushEndpointSchema = z
  .string({ error: SETTINGS_MESSAGES.pushEndpointInvalid })
  .max(2048, SETTINGS_MESSAGES.pushEndpointInvalid)
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, SETTINGS_MESSAGES.pushEndpointInvalid);

const pushSubscribeRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65),
      /** The authentication secret (16 bytes). */
      auth: base64url(16),
    },
    { error: SETTINGS_MESSAGES.pushKeysInvalid },
  ),
});

const pushSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  /** The account's subscribed devices now. */
  devices: z.number().int().nonnegative(),
});

export const pushPublicKeyEndpoint = endpoint({
  method: 'GET',
  path: '/push/public-key',
  tag: 'Settings',
  summary: "The server's VAPID public key browsers subscribe with; null when browser push is off on this server",
  access: 'public',
  response: z.object({ success: z.literal(true), publicKey: z.string().nullable() }),
});

export const pushSubscribeEndpoint = endpoint({
  method: 'POST',
  path: '/push/subscriptions',
  tag: 'Settings',
  summary: "Subscribe this device to browser push (the PushSubscription's endpoint and keys)",
  access: 'user',
  body: pushSubscribeRequestSchema,
  response: pushSubscriptionResponseSchema,
});

export const pushUnsubscribeEndpoint = endpoint({
  method: 'DELETE',
  path: '/push/subscriptions',
  tag: 'Settings',
  summary:
    "Remove this device's push subscription (by its endpoint, ?endpoint=…); removing one that is gone is no error",
  access: 'user',
  query: z.object({ endpoint: pushEndpointSchema }),
  response: pushSubscriptionResponseSchema,
});

const notificationChannelsSchema = z.object({
  /** Mining reminders by email: MAIL on this server, and an address on the account. */
  email: z.object({ available: z.boolean(), hasAddress: z.boolean() }),
  /**
   * Browser push: on this server (VAPID keys), how many devices of the account are subscribed,
   * and whether the device asking (`?endpoint=`, its browser subscription) is one of them.
   */
  push: z.object({ available: z.boolean(), devices: z.number().int().nonnegative(), thisDevice: z.boolean() }),
  /** The bot's messages: a bot and NOTIFICATIONS on this server, the account linked, the bot not blocked. */
  telegram: z.object({ available: z.boolean(), connected: z.boolean(), blocked: z.boolean() }),
});

export const notificationChannelsEndpoint = endpoint({
  method: 'GET',
  path: '/settings/notifications/channels',
  tag: 'Settings',
  summary: 'Which notification channels this server can deliver to the caller, and their state',
  access: 'user',
  query: z.object({ endpoint: pushEndpointSchema.optional() }),
  response: z.object({ success: z.literal(true), ...optionalMessageFields, channels: notificationChannelsSchema }),
});
