import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import type { PushResolver } from '../../platform/push/push-channel.js';

const TEXTS: Record<Language, { title: string; body: string }> = {
  en: {
    title: 'Your mining reward is ready',
    body: 'Your ZP reward is ready to claim. Claim it and start your next cycle.',
  },
  es: {
    title: 'Tu recompensa de minería está lista',
    body: 'Tu recompensa de ZP está lista para reclamar. Reclámala y empieza tu próximo ciclo.',
  },
  fr: {
    title: 'Votre récompense de minage est prête',
    body: 'Votre récompense en ZP est prête à être réclamée. Réclamez-la et lancez votre prochain cycle.',
  },
  de: {
    title: 'Deine Mining-Belohnung ist bereit',
    body: 'Deine ZP-Belohnung kann abgeholt werden. Hol sie ab und starte deinen nächsten Zyklus.',
  },
  zh: { title: '你的挖矿奖励已就绪', body: '你的 ZP 奖励已可领取。领取奖励并开始下一个周期。' },
};

/** The mining-ready push's title and body in the reader's language. */
export function miningReadyPushText(language: Language): { title: string; body: string } {
  return TEXTS[language];
}

/**
 * The device and message of a mining-ready push row, read at sending time: skipped when the
 * cycle was claimed, the subscription is gone (unsubscribed, or removed after a 404/410) or the
 * account turned push notifications off (`notify_push`). In the account's language; a click
 * opens the mining screen. It lives until the cycle would be a day old (TTL), past that it is stale.
 */
export function miningReadyPushResolver(db: Db, publicUrl: string): PushResolver {
  return async (row) => {
    const [state] = rowsOf<{
      is_open: boolean;
      notify_push: boolean;
      language: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }>(
      await db.execute(sql`
        SELECT s.claimed_at IS NULL AS is_open, u.notify_push, u.language, p.endpoint, p.p256dh, p.auth
        FROM mining_sessions s
        JOIN users u ON u.id = s.user_id
        JOIN push_subscriptions p ON p.id = ${String(row.payload.subscriptionId)}::uuid AND p.user_id = u.id
        WHERE s.id = ${String(row.payload.sessionId)}::uuid`),
    );
    if (!state || !state.is_open || !state.notify_push) return { verdict: { kind: 'skipped' } };
    const language = (LANGUAGES as readonly string[]).includes(state.language) ? (state.language as Language) : 'en';
    const url = `${publicUrl}/mining`;
    return {
      target: {
        id: String(row.payload.subscriptionId),
        endpoint: state.endpoint,
        keys: { p256dh: state.p256dh, auth: state.auth },
      },
      message: {
        ...TEXTS[language],
        url,
        icon: `${publicUrl}/favicon.svg`,
        tag: `mining-ready:${row.payload.sessionId}`,
      },
      ttlSeconds: 86_400,
    };
  };
}
