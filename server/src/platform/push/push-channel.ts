import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import webPush from 'web-push';
import type { PushConfig } from '../config.js';
import type { OutboxKind } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { Delivery, OutboxChannel, OutboxRow } from '../outbox/runner.js';
import { createOutageBackoff, retryBackoffSeconds } from '../outbox/backoff.js';

/** One device's subscription, as its browser gave it (RFC 8030 endpoint, RFC 8291 keys). */
export type PushTarget = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };

/** What a notification shows; the service worker (miniapp/public/sw.js) reads exactly these fields. */
export type PushMessage = { title: string; body: string; url: string; icon: string; tag: string };

/** The device and message of a row, read as they are now; or the verdict when nobody is to be told. */
export type PushResolver = (
  row: OutboxRow,
) => Promise<{ target: PushTarget; message: PushMessage; ttlSeconds: number } | Delivery>;

export type PushChannelOptions = {
  push: PushConfig;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  resolvers: Partial<Record<OutboxKind, PushResolver>>;
  /** Removes a subscription the push service says is gone (404/410). */
  forget: (subscriptionId: string) => Promise<void>;
  /** Extra certificate authorities for the push services' TLS (PUSH_CA_FILE). */
  ca?: string;
  /** Connect and answer timeout, ms. Default 15 s. */
  timeoutMs?: number;
};

/**
 * The browser-push channel of the outbox: one HTTPS POST per row to the subscription's push
 * service, the payload encrypted to the device's keys (aes128gcm, RFC 8291) and signed with this
 * server's VAPID key (RFC 8292), both by the `web-push` package. The sending marker is committed
 * once the TLS connection is up, before the request is written:
 * - 2xx → 'sent'.
 * - 404/410 → the subscription is gone: it is removed and the row 'skipped'.
 * - 429 → not delivered: retried after Retry-After (or the backoff), the try not counted.
 * - 5xx → not delivered: retried after Retry-After or the backoff, 'failed' after PUSH_MAX_ATTEMPTS.
 * - any other answer (400, 401/403 a refused VAPID signature, 413) → 'failed', never retried.
 * - could not connect (DNS, refused, TLS) → not delivered: the lane pauses with backoff and the
 *   row is retried, the try not counted.
 * - the connection dropped or timed out after the request was written → 'unconfirmed': the push
 *   service may have taken it, and it is never resent (the bot's rule).
 */
export function createPushChannel(options: PushChannelOptions): OutboxChannel {
  const { push, logger } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const outage = createOutageBackoff(push.retrySeconds);

  const backoff = (row: OutboxRow) => retryBackoffSeconds(push.retrySeconds, row.attempts);

  const judge = (row: OutboxRow, target: PushTarget, status: number, retryAfter: number | undefined): Delivery => {
    if (status >= 200 && status < 300) return { verdict: { kind: 'sent' } };
    const reason = `push service answered ${status}`;
    if (status === 404 || status === 410)
      return { verdict: { kind: 'skipped', reason: `${reason}: subscription gone` } };
    if (status === 429) {
      return { verdict: { kind: 'retry', delaySeconds: retryAfter ?? backoff(row), isCounted: false, reason } };
    }
    if (status >= 500) {
      if (row.attempts >= push.maxAttempts) return { verdict: { kind: 'failed', error: reason } };
      return {
        verdict: { kind: 'retry', delaySeconds: Math.max(retryAfter ?? 0, backoff(row)), isCounted: true, reason },
      };
    }
    logger.warn({ outboxId: row.id, subscriptionId: target.id, status }, 'push refused for good');
    return { verdict: { kind: 'failed', error: reason } };
  };

  const send = (
    row: OutboxRow,
    target: PushTarget,
    details: { method: string; headers: Record<string, string | number>; body: Buffer | null; endpoint: string },
    markSending: () => Promise<boolean>,
  ) =>
    new Promise<{ status: number; retryAfter: number | undefined } | Delivery>((resolve) => {
      let isWritten = false;
      let isDone = false;
      const finish = (result: { status: number; retryAfter: number | undefined } | Delivery) => {
        if (isDone) return;
        isDone = true;
        resolve(result);
      };
      const request = https.request(details.endpoint, {
        method: details.method,
        headers: details.headers,
        agent: false,
        ca: options.ca,
        timeout: timeoutMs,
      });
      request.on('socket', (socket) => {
        (socket as TLSSocket).once('secureConnect', () => {
          markSending().then(
            (isMarked) => {
              if (!isMarked) {
                request.destroy();
                finish({ verdict: { kind: 'lost' } });
                return;
              }
              isWritten = true;
              request.end(details.body ?? undefined);
            },
            () => {
              request.destroy();
              finish({ verdict: { kind: 'lost' } });
            },
          );
        });
      });
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('push service timed out'), { code: 'ETIMEDOUT' })),
      );
      request.on('response', (response) => {
        response.resume();
        response.on('end', () =>
          finish({ status: response.statusCode ?? 0, retryAfter: parseRetryAfter(response.headers['retry-after']) }),
        );
        response.on('error', () => finish({ status: response.statusCode ?? 0, retryAfter: undefined }));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        const reason = (error.code ?? error.message ?? 'push error').slice(0, 300);
        const pauseSeconds = outage.next();
        if (isWritten) finish({ verdict: { kind: 'unconfirmed', reason }, pauseSeconds });
        else finish({ verdict: { kind: 'retry', delaySeconds: pauseSeconds, isCounted: false, reason }, pauseSeconds });
      });
    });

  return {
    name: 'push',
    async deliver(row, context) {
      const resolve = options.resolvers[row.kind];
      if (!resolve) return { verdict: { kind: 'failed', error: `no push for kind ${row.kind}` } };
      const content = await resolve(row);
      if ('verdict' in content) return content;
      const { target, message, ttlSeconds } = content;
      let details;
      try {
        details = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: target.keys },
          JSON.stringify(message),
          { vapidDetails: push.vapid, TTL: ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
        );
      } catch (error) {
        return { verdict: { kind: 'failed', error: error instanceof Error ? error.message : 'could not encrypt' } };
      }
      const result = await send(row, target, details, context.markSending);
      if ('verdict' in result) return result;
      outage.reset();
      if (result.status === 404 || result.status === 410) await options.forget(target.id);
      return judge(row, target, result.status, result.retryAfter);
    },
  };
}

/** Retry-After as seconds (a number of seconds or an HTTP date); undefined when absent or unreadable. */
function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}
