import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, createRepeatLimiter, REPEAT_WINDOW_MS, REPEATED_LINES_PER_WINDOW } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger({ logLevel: 'info', logPretty: false }, { destination }) };
}

describe('logger', () => {
  it('never writes query parameters, argon2 hashes or bot tokens, through the cause chain', () => {
    const { lines, logger } = capture();
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), {
      detail: 'Key (email)=(a@b.c) exists',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@b.c,$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      ),
      { query: 'insert into "users" …', params: ['a@b.c', '$argon2id$v=19$m=19456,t=2,p=1$abc$def'], cause },
    );
    logger.error({ err: error }, 'request failed');
    logger.error(
      {
        err: new Error(
          'request to https://api.telegram.org/bot123456789:AAEhBP0av28vVn6BAt7mJ9bC0xyz1234567/getMe failed',
        ),
      },
      'bot',
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain('a@b.c');
    expect(text).not.toContain('$argon2id');
    expect(text).not.toContain('AAEhBP0av28vVn6BAt7mJ9bC0xyz1234567');
    expect(text).toContain('Failed query: insert into');
    expect(text).toContain('Connection terminated unexpectedly');
  });

  it('writes a repeated error line at most REPEATED_LINES_PER_WINDOW times per window, then reports the count', () => {
    let now = 0;
    const limit = createRepeatLimiter(() => now);
    const verdicts = Array.from({ length: 20 }, () => limit('same'));
    expect(verdicts.filter((v) => v !== 'drop')).toHaveLength(REPEATED_LINES_PER_WINDOW);
    expect(limit('other')).toBe(0);
    now += REPEAT_WINDOW_MS;
    expect(limit('same')).toBe(20 - REPEATED_LINES_PER_WINDOW);
  });

  it('rate-limits identical error lines written in a burst (an outage), not info lines', () => {
    const { lines, logger } = capture();
    for (let i = 0; i < 100; i++) logger.error({ database: 'refused' }, 'database unavailable');
    for (let i = 0; i < 10; i++) logger.info('request completed');
    expect(lines.filter((l) => l.msg === 'database unavailable')).toHaveLength(REPEATED_LINES_PER_WINDOW);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(10);
  });
});
