import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, readTranslations, textForLanguage, type Language } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { mailHtml, type MailTemplate, type MailTemplates } from '../../platform/mail/templates.js';
import type { MailResolver } from '../../platform/mail/mail-channel.js';

/**
 * Who gets an operator's announcement by email (issue 39, item 8): the marketing toggle on
 * (`notify_marketing`), an address that is verified or the one the account registered with, not
 * suspended; `language` narrows it to that language. Alias `u` is `users`.
 */
export function emailAnnouncementRecipients(language: Language | null): SQL {
  return sql`u.notify_marketing AND u.email IS NOT NULL
    AND (u.verified OR lower(u.email) = lower(u.registered_email))
    AND u.suspended_at IS NULL ${language ? sql`AND u.language = ${language}` : sql``}`;
}

/** Rows of a running announcement only (alias `m`): a cancelled one sends nothing more. */
export const ANNOUNCEMENT_RUNNING = sql`EXISTS (SELECT 1 FROM announcements a WHERE a.id = m.announcement_id AND a.status = 'running')`;

/** Marks 'done' every running announcement with no delivery left pending or sending, on any channel. */
export async function finishDrainedAnnouncements(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE announcements a SET status = 'done', finished_at = now()
    WHERE a.status = 'running' AND NOT EXISTS (
      SELECT 1 FROM outbox_messages m
      WHERE m.announcement_id = a.id AND m.state IN ('pending', 'sending')
    )`);
}

type FooterTexts = { subject: string; footer: string; settings: string };

const TEXTS: Record<Language, FooterTexts> = {
  en: {
    subject: 'News from Ziver',
    footer: 'You get this mail because announcements by email are on. Turn them off in Settings → Notifications.',
    settings: 'Notification settings',
  },
  es: {
    subject: 'Novedades de Ziver',
    footer:
      'Recibes este correo porque los anuncios por correo están activados. Desactívalos en Ajustes → Notificaciones.',
    settings: 'Ajustes de notificaciones',
  },
  fr: {
    subject: 'Des nouvelles de Ziver',
    footer:
      'Vous recevez ce courriel car les annonces par e-mail sont activées. Désactivez-les dans Paramètres → Notifications.',
    settings: 'Paramètres de notification',
  },
  de: {
    subject: 'Neues von Ziver',
    footer:
      'Du erhältst diese E-Mail, weil Ankündigungen per E-Mail eingeschaltet sind. Schalte sie unter Einstellungen → Benachrichtigungen aus.',
    settings: 'Benachrichtigungseinstellungen',
  },
  zh: {
    subject: 'Ziver 最新消息',
    footer: '你收到此邮件是因为你开启了邮件公告。可在“设置 → 通知”中关闭。',
    settings: '通知设置',
  },
};

/** Telegram HTML (the announcement's 'html' format) as plain text: tags dropped, entities read. */
function plainText(text: string, format: string): string {
  if (format !== 'html') return text;
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The announcement mail: the operator's text in the reader's language, and the line to turn such mail off. */
export function announcementMailTemplates(): MailTemplates {
  const announcement: MailTemplate = ({ vars, language, publicUrl }) => {
    const t = TEXTS[language];
    const body = plainText(String(vars.text ?? ''), String(vars.format ?? 'plain'));
    const url = `${publicUrl.replace(/\/+$/, '')}/settings/notifications`;
    return {
      subject: t.subject,
      html: mailHtml({
        language,
        heading: t.subject,
        paragraphs: [...body.split(/\n{2,}/), t.footer],
        button: { text: t.settings, url },
      }),
      text: `${t.subject}\n\n${body}\n\n--\n${t.footer}\n${t.settings}: ${url}\n`,
    };
  };
  return { announcement };
}

/**
 * The 'announcement' kind on the email channel: the text in the recipient's language and their
 * address as they are at sending time; skipped when they since turned marketing mail off, lost
 * the address's standing or were suspended.
 */
export function announcementMailResolver(db: Db): MailResolver {
  return async (row) => {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT a.text, a.translations, a.format, u.email, u.language,
               ${emailAnnouncementRecipients(null)} AS is_recipient
        FROM announcements a, users u
        WHERE a.id = ${row.announcementId}::uuid AND u.id = ${row.userId}::uuid`),
    );
    if (!r || r.is_recipient !== true || typeof r.email !== 'string') {
      return { verdict: { kind: 'skipped', reason: 'no longer a recipient' } };
    }
    const language = (LANGUAGES as readonly string[]).includes(String(r.language)) ? (r.language as Language) : 'en';
    return {
      to: r.email,
      language,
      template: 'announcement',
      vars: {
        text: textForLanguage(String(r.text), readTranslations(r.translations), language),
        format: r.format === 'html' ? 'html' : 'plain',
      },
    };
  };
}
