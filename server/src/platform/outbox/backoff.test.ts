import { describe, expect, it } from 'vitest';
import { createOutageBackoff, retryBackoffSeconds } from './backoff.js';

describe('outbox backoff', () => {
  it("a row's retry waits double per counted try, at most an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryBackoffSeconds(30, attempts))).toEqual([30, 60, 120, 240]);
    expect(retryBackoffSeconds(30, 20)).toBe(3_600);
  });

  it("a channel's outage pause doubles with each outage in a row, at most 5 minutes, and a delivery resets it", () => {
    const outage = createOutageBackoff(10);
    expect([outage.next(), outage.next(), outage.next()]).toEqual([10, 20, 40]);
    for (let i = 0; i < 10; i++) outage.next();
    expect(outage.next()).toBe(300);
    outage.reset();
    expect(outage.next()).toBe(10);
  });

  it('two channels keep their own count', () => {
    const mail = createOutageBackoff(5);
    const push = createOutageBackoff(5);
    mail.next();
    mail.next();
    expect(push.next()).toBe(5);
    expect(mail.next()).toBe(20);
  });
});
