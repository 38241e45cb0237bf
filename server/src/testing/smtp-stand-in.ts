import type { AddressInfo, Server, Socket } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message the stand-in accepted, decoded enough for tests to read. */
export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, string>;
};

/** Where in the session a scripted failure strikes, and what it is. */
export type SmtpStage = 'connect' | 'mail' | 'rcpt' | 'data';
export type SmtpFailure = { code: number; message?: string } | 'drop';

export type SmtpStandIn = {
  url: string;
  port: number;
  /** Accepted messages, in order. */
  received: ReceivedMail[];
  /** Sessions opened (a retry opens a new one). */
  sessions(): number;
  /** The next session(s) reaching `stage` fail this way (421/451/550, or the connection dropped). At 'data' the message is read first. */
  failNext(stage: SmtpStage, failure: SmtpFailure, times?: number): void;
  /**
   * From now on a share `fraction` of new sessions (chosen by `random`) each meets one of
   * `failures`, taken in turn: a flaky relay, for the mail benchmark. 0 stops it.
   */
  failSessions(
    fraction: number,
    failures: ReadonlyArray<{ stage: SmtpStage; failure: SmtpFailure }>,
    random?: () => number,
  ): void;
  /** Drops every open connection at once, as a relay does with sessions left idle. */
  dropConnections(): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for tests: no TLS, no auth
 * required (credentials accepted if given). It records what it accepts and fails on request at
 * a chosen stage: an SMTP answer (421, 451, 550…) or a dropped connection.
 */
export async function startSmtpStandIn(port = 0): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const scripted: Array<{ stage: SmtpStage; failure: SmtpFailure }> = [];
  const sockets = new Set<Socket>();
  let sessionCount = 0;
  let flaky: {
    fraction: number;
    failures: ReadonlyArray<{ stage: SmtpStage; failure: SmtpFailure }>;
    random: () => number;
    next: number;
  } | null = null;

  const take = (stage: SmtpStage) => {
    const index = scripted.findIndex((s) => s.stage === stage);
    return index === -1 ? undefined : scripted.splice(index, 1)[0]!.failure;
  };
  const socketOf = (session: SMTPServerSession) =>
    [...sockets].find((s) => s.remotePort === session.remotePort && !s.destroyed);
  /** Calls back with the failure (an SMTP answer) or drops the connection; false when there is none. */
  const fail = (stage: SmtpStage, session: SMTPServerSession, callback: (err?: Error | null) => void) => {
    const failure = take(stage);
    if (!failure) return false;
    if (failure === 'drop') {
      socketOf(session)?.destroy();
      return true;
    }
    callback(Object.assign(new Error(failure.message ?? `scripted ${failure.code}`), { responseCode: failure.code }));
    return true;
  };

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onConnect(session, callback) {
      sessionCount++;
      if (flaky && flaky.failures.length > 0 && flaky.random() < flaky.fraction) {
        scripted.push(flaky.failures[flaky.next++ % flaky.failures.length]!);
      }
      if (!fail('connect', session, callback)) callback();
    },
    onMailFrom(_address, session, callback) {
      if (!fail('mail', session, callback)) callback();
    },
    onRcptTo(_address, session, callback) {
      if (!fail('rcpt', session, callback)) callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (fail('data', session, callback)) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...decodeMime(raw),
        });
        callback();
      });
    },
  });
  (server as unknown as { server: Server }).server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = (server as unknown as { server: Server }).server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    sessions: () => sessionCount,
    failNext(stage, failure, times = 1) {
      for (let i = 0; i < times; i++) scripted.push({ stage, failure });
    },
    failSessions(fraction, failures, random = Math.random) {
      flaky = fraction > 0 ? { fraction, failures, random, next: 0 } : null;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Headers, subject, text and HTML of a message as nodemailer writes one (multipart/alternative, QP or base64). */
export function decodeMime(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw'> {
  const { headers, body } = splitPart(raw);
  const parts: Array<{ type: string; content: string }> = [];
  const collect = (part: { headers: Map<string, string>; body: string }) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const piece of part.body.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        collect(splitPart(piece.replace(/^\r?\n/, '')));
      }
      return;
    }
    parts.push({
      type: type.toLowerCase(),
      content: decodeBody(part.body, part.headers.get('content-transfer-encoding')),
    });
  };
  collect({ headers, body });
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

function splitPart(raw: string) {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
