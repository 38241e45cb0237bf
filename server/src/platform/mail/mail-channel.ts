import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { MailConfig } from '../config.js';
import type { OutboxKind } from '../db/schema.js';
import type { Logger } from '../logger.js';
import { sleep, type Delivery, type OutboxChannel, type OutboxRow } from '../outbox/runner.js';
import type { MailContent, MailTemplates } from './templates.js';
import { createOutageBackoff, retryBackoffSeconds } from '../outbox/backoff.js';

/** Who a row's mail goes to and what it says, read as they are now; or the verdict when nobody is to be told. */
export type MailResolver = (row: OutboxRow) => Promise<MailContent | Delivery>;

export type MailChannelOptions = {
  mail: MailConfig;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  templates: MailTemplates;
  /** One per kind the channel sends (the 'mail' kind's from enqueueMail, mining_ready's from its feature). */
  resolvers: Partial<Record<OutboxKind, MailResolver>>;
  /** Connect, greeting and answer timeouts, ms. Default 15 s. */
  timeoutMs?: number;
};

/** A session is kept for the next mail this long, and for at most this many mails. */
const SESSION_IDLE_MS = 2_000;
const SESSION_MAX_MAILS = 100;

/**
 * The email channel of the outbox. With SMTP_URL: nodemailer's SMTPConnection, the session kept
 * for the next mail (up to 100 mails, 2 s idle: a relay's greeting can take 100 ms, which would
 * cap a session per mail at ~9 mails/s), closed after any failure; without: an `.eml` file in DATA_DIR/mail, its path logged. The sending marker
 * is committed when the server has accepted DATA (354), before the first byte of the message:
 * - accepted (250 after the message) → 'sent'.
 * - could not connect, or the connection dropped before the message was written → not delivered:
 *   the lane pauses with backoff and the row is retried, the try not counted.
 * - any 4xx (421, 451…) → not delivered: retried with backoff, 'failed' after MAIL_MAX_ATTEMPTS.
 * - any 5xx (550…) → 'failed', never retried (the server refused it for good).
 * - the connection dropped (or timed out) after the message was written → 'unconfirmed': the
 *   server may have taken it, and it is never resent (the bot's rule).
 * Sends are spaced to MAIL_RATE_PER_SECOND per instance.
 */
export function createMailChannel(options: MailChannelOptions): OutboxChannel {
  const { mail, logger } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let nextSlotAt = 0;
  const outage = createOutageBackoff(mail.retrySeconds);

  const waitForSlot = (signal: AbortSignal) => {
    const now = Date.now();
    const at = Math.max(now, nextSlotAt);
    nextSlotAt = at + 1_000 / mail.ratePerSecond;
    return sleep(at - now, signal);
  };

  const compose = async (row: OutboxRow, content: MailContent): Promise<{ raw: Buffer; text: string }> => {
    const template = options.templates[content.template];
    if (!template) throw new Error(`no mail template ${content.template}`);
    const { subject, html, text } = template({
      vars: content.vars,
      language: content.language,
      publicUrl: mail.publicUrl,
    });
    const key = createHash('sha256').update(row.dedupeKey).digest('hex').slice(0, 24);
    const raw = await new MailComposer({
      from: mail.from,
      to: content.to,
      subject,
      text,
      html,
      messageId: `<${key}@outbox.ziver>`,
      headers: { 'Content-Language': content.language },
    })
      .compile()
      .build();
    return { raw, text };
  };

  /**
   * The mail as an .eml file, and its plain-text part as a .txt of the same name: in the .eml
   * that part is quoted-printable (a link's "=" is "=3D", long lines broken with "="), which
   * `grep` and `less` show garbled.
   */
  const writeEml = async (
    row: OutboxRow,
    composed: { raw: Buffer; text: string },
    markSending: () => Promise<boolean>,
  ): Promise<Delivery> => {
    await mkdir(mail.dir, { recursive: true });
    if (!(await markSending())) return { verdict: { kind: 'lost' } };
    const name = path.join(mail.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${row.id}`);
    const file = `${name}.eml`;
    await writeFile(`${name}.txt`, composed.text);
    await writeFile(`${file}.tmp`, composed.raw);
    await rename(`${file}.tmp`, file);
    logger.info({ outboxId: row.id, file }, 'mail written (no SMTP_URL)');
    return { verdict: { kind: 'sent' } };
  };

  /** What an SMTP failure means; `isWritten`: the message's first byte had been handed over. */
  const judge = (row: OutboxRow, error: unknown, isWritten: boolean): Delivery => {
    const err = error as { responseCode?: number; response?: string; code?: string; message?: string };
    const reason = (err.response ?? err.code ?? err.message ?? 'SMTP error').slice(0, 300);
    const code = Number(err.responseCode ?? 0);
    if (code >= 500) return { verdict: { kind: 'failed', error: reason } };
    if (code >= 400) {
      if (row.attempts >= mail.maxAttempts) return { verdict: { kind: 'failed', error: reason } };
      const delaySeconds = retryBackoffSeconds(mail.retrySeconds, row.attempts);
      return { verdict: { kind: 'retry', delaySeconds, isCounted: true, reason } };
    }
    const pauseSeconds = outage.next();
    if (isWritten) return { verdict: { kind: 'unconfirmed', reason }, pauseSeconds };
    return { verdict: { kind: 'retry', delaySeconds: pauseSeconds, isCounted: false, reason }, pauseSeconds };
  };

  type Session = {
    connection: SMTPConnection;
    /** Rejects when the session ends (an error, the server closing it, a timeout). */
    ended: Promise<never>;
    sent: number;
    idleTimer?: NodeJS.Timeout;
  };
  /** The session kept open after a sent mail, for the next one (a relay may greet slowly). */
  let idle: Session | null = null;

  const openSession = async (): Promise<Session> => {
    const url = new URL(mail.smtpUrl!);
    const secure = url.protocol === 'smtps:';
    const connection = new SMTPConnection({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    let end: (error: unknown) => void = () => {};
    const ended = new Promise<never>((_resolve, reject) => (end = reject));
    ended.catch(() => {});
    connection.on('error', (error: unknown) => end(error));
    connection.on('end', () => end(Object.assign(new Error('connection closed'), { code: 'ECONNECTION' })));
    const session: Session = { connection, ended, sent: 0 };
    const step = <T>(promise: Promise<T>) => Promise.race([promise, ended]);
    try {
      await step(new Promise<void>((resolve) => connection.connect(() => resolve())));
      if (url.username) {
        await step(
          new Promise<void>((resolve, reject) =>
            connection.login(
              { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
              (error) => (error ? reject(error) : resolve()),
            ),
          ),
        );
      }
    } catch (error) {
      connection.close();
      throw error;
    }
    return session;
  };

  /** Keeps a session for the next mail, at most SESSION_MAX_MAILS mails and SESSION_IDLE_MS idle. */
  const park = (session: Session) => {
    if (session.sent >= SESSION_MAX_MAILS) {
      session.connection.quit();
      return;
    }
    idle = session;
    session.idleTimer = setTimeout(() => {
      if (idle === session) idle = null;
      session.connection.quit();
    }, SESSION_IDLE_MS);
    session.idleTimer.unref();
    session.ended.catch(() => {
      if (idle === session) idle = null;
    });
  };

  const sendSmtp = async (
    row: OutboxRow,
    to: string,
    raw: Buffer,
    markSending: () => Promise<boolean>,
  ): Promise<Delivery> => {
    let session = idle;
    idle = null;
    const isReused = session !== null;
    if (session) clearTimeout(session.idleTimer);
    let isWritten = false;
    let isLost = false;
    try {
      session ??= await openSession();
      const { connection, ended } = session;
      // Read only once the server has accepted DATA: the marker goes first, then the message.
      const body = new Readable({
        read() {
          if (isWritten || isLost) return;
          markSending().then(
            (isMarked) => {
              if (!isMarked) {
                isLost = true;
                connection.close();
                return;
              }
              isWritten = true;
              this.push(raw);
              this.push(null);
            },
            (error: unknown) => {
              isLost = true;
              connection.close();
              this.destroy(error instanceof Error ? error : new Error('marker failed'));
            },
          );
        },
      });
      const from = new URL(`mailto:${extractAddress(mail.from)}`).pathname;
      await Promise.race([
        new Promise<void>((resolve, reject) =>
          connection.send({ from, to: [to] }, body, (error) => (error ? reject(error) : resolve())),
        ),
        ended,
      ]);
      outage.reset();
      session.sent++;
      park(session);
      return { verdict: { kind: 'sent' } };
    } catch (error) {
      session?.connection.close();
      if (isLost) return { verdict: { kind: 'lost' } };
      // A kept session the server had closed meanwhile: nothing was written, nothing answered.
      // Provably not delivered, so once more on a new session, not an outage.
      const isAnswered = (error as { responseCode?: number }).responseCode !== undefined;
      if (isReused && !isWritten && !isAnswered) return sendSmtp(row, to, raw, markSending);
      return judge(row, error, isWritten);
    }
  };

  /** Quits the kept session (the lane stops). */
  const close = async () => {
    const session = idle;
    idle = null;
    if (!session) return;
    clearTimeout(session.idleTimer);
    session.connection.quit();
  };

  return {
    name: 'email',
    close,
    async deliver(row, context) {
      const resolve = options.resolvers[row.kind];
      if (!resolve) return { verdict: { kind: 'failed', error: `no mail for kind ${row.kind}` } };
      const content = await resolve(row);
      if ('verdict' in content) return content;
      if (!(await waitForSlot(context.signal))) {
        return { verdict: { kind: 'retry', delaySeconds: 0, isCounted: false } };
      }
      let composed: { raw: Buffer; text: string };
      try {
        composed = await compose(row, content);
      } catch (error) {
        return { verdict: { kind: 'failed', error: error instanceof Error ? error.message : 'could not compose' } };
      }
      if (!mail.smtpUrl) return writeEml(row, composed, context.markSending);
      return sendSmtp(row, content.to, composed.raw, context.markSending);
    },
  };
}

/** The bare address of "Name <address>" (or the address itself). */
function extractAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
