import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import { rowsOf, type Db } from '../db/client.js';
import { type OutboxRow } from '../outbox/runner.js';
import type { MailContent } from './templates.js';

export type EnqueueMail = {
  /** The account the mail is for (its address and language at sending time, unless `to`/`lang` say otherwise). */
  userId?: string;
  /** An address of its own (a mail to someone without an account, or to a new address). */
  to?: string;
  template: string;
  vars?: Record<string, unknown>;
  lang?: Language;
  /** Makes the mail exist once: a second call with the same key changes nothing. */
  dedupeKey: string;
};

/** Puts one mail in the outbox (channel 'email', kind 'mail'); true when it was new. */
export async function enqueueMail(db: Db, mail: EnqueueMail): Promise<boolean> {
  if (!mail.userId && !mail.to) throw new Error('enqueueMail needs userId or to');
  const payload = {
    template: mail.template,
    vars: mail.vars ?? {},
    ...(mail.to ? { to: mail.to } : {}),
    ...(mail.lang ? { lang: mail.lang } : {}),
  };
  const result = await db.execute(sql`
    INSERT INTO outbox_messages (channel, kind, user_id, dedupe_key, payload)
    VALUES ('email', 'mail', ${mail.userId ?? null}, ${`mail:${mail.dedupeKey}`}, ${JSON.stringify(payload)}::jsonb)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length === 1;
}

/** The 'mail' kind's recipient: the row's own address, else its account's (skipped when it has none). */
export function mailResolver(db: Db) {
  return async (row: OutboxRow): Promise<MailContent | { verdict: { kind: 'skipped'; reason: string } }> => {
    const payload = row.payload as { to?: string; template?: string; vars?: Record<string, unknown>; lang?: string };
    let to = payload.to;
    let language = payload.lang;
    if (row.userId && (!to || !language)) {
      const [user] = rowsOf<{ email: string | null; language: string }>(
        await db.execute(sql`SELECT email, language FROM users WHERE id = ${row.userId}`),
      );
      to ??= user?.email ?? undefined;
      language ??= user?.language;
    }
    if (!to) return { verdict: { kind: 'skipped', reason: 'no address' } };
    return {
      to,
      language: (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en',
      template: String(payload.template),
      vars: payload.vars ?? {},
    };
  };
}
