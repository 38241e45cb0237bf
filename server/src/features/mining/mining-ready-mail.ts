import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import type { MailResolver } from '../../platform/mail/mail-channel.js';
import { mailHtml, type MailTemplate } from '../../platform/mail/templates.js';

const TEXTS: Record<Language, { subject: string; heading: string; body: string; button: string; footer: string }> = {
  en: {
    subject: 'Your Ziver mining reward is ready',
    heading: 'Your mining cycle is complete',
    body: 'Your ZP reward is ready to claim. Claim it and start your next cycle.',
    button: 'Open Ziver',
    footer: 'You get this mail because mining reminders by email are on. Turn them off in Settings → Notifications.',
  },
  es: {
    subject: 'Tu recompensa de minería de Ziver está lista',
    heading: 'Tu ciclo de minería ha terminado',
    body: 'Tu recompensa de ZP está lista para reclamar. Reclámala y empieza tu próximo ciclo.',
    button: 'Abrir Ziver',
    footer:
      'Recibes este correo porque los recordatorios de minería por correo están activados. Desactívalos en Ajustes → Notificaciones.',
  },
  fr: {
    subject: 'Votre récompense de minage Ziver est prête',
    heading: 'Votre cycle de minage est terminé',
    body: 'Votre récompense en ZP est prête à être réclamée. Réclamez-la et lancez votre prochain cycle.',
    button: 'Ouvrir Ziver',
    footer:
      'Vous recevez ce courriel car les rappels de minage par e-mail sont activés. Désactivez-les dans Paramètres → Notifications.',
  },
  de: {
    subject: 'Deine Ziver-Mining-Belohnung ist bereit',
    heading: 'Dein Mining-Zyklus ist abgeschlossen',
    body: 'Deine ZP-Belohnung kann abgeholt werden. Hol sie ab und starte deinen nächsten Zyklus.',
    button: 'Ziver öffnen',
    footer:
      'Du erhältst diese E-Mail, weil Mining-Erinnerungen per E-Mail aktiviert sind. Schalte sie unter Einstellungen → Benachrichtigungen aus.',
  },
  zh: {
    subject: '你的 Ziver 挖矿奖励已就绪',
    heading: '你的挖矿周期已完成',
    body: '你的 ZP 奖励已可领取。领取奖励并开始下一个周期。',
    button: '打开 Ziver',
    footer: '你收到这封邮件，是因为你开启了邮件挖矿提醒。可在 设置 → 通知 中关闭。',
  },
};

/** The mining-ready reminder mail, in the reader's language; its button opens the mining screen. */
export const miningReadyMail: MailTemplate = ({ language, publicUrl }) => {
  const t = TEXTS[language];
  const url = `${publicUrl}/mining`;
  return {
    subject: t.subject,
    html: mailHtml({ language, heading: t.heading, paragraphs: [t.body, t.footer], button: { text: t.button, url } }),
    text: `${t.heading}\n\n${t.body}\n\n${t.button}: ${url}\n\n${t.footer}\n`,
  };
};

/**
 * Who a mining-ready email row goes to, read at sending time: skipped when the cycle was claimed,
 * the account has no address any more or turned mining reminders by email off (`notify_email`).
 */
export function miningReadyMailResolver(db: Db): MailResolver {
  return async (row) => {
    const [state] = rowsOf<{ is_open: boolean; email: string | null; notify_email: boolean; language: string }>(
      await db.execute(sql`
        SELECT s.claimed_at IS NULL AS is_open, u.email, u.notify_email, u.language
        FROM mining_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${String(row.payload.sessionId)}::uuid`),
    );
    if (!state || !state.is_open || !state.email || !state.notify_email) return { verdict: { kind: 'skipped' } };
    const language = (LANGUAGES as readonly string[]).includes(state.language) ? (state.language as Language) : 'en';
    return { to: state.email, language, template: 'mining_ready', vars: {} };
  };
}
