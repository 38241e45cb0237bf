import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { createLogger } from '../../platform/logger.js';
import { createPresenceRecorder } from './presence.js';
import { rowsOf } from '../../platform/db/client.js';

// Heartbeats are kept in memory and written in batches (presence.ts); a short flush interval
// here, so the tests wait for real flushes instead of calling internals.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', PRESENCE_FLUSH_SECONDS: '0.2' });
});
afterAll(() => server.stop());

const seenOf = async (db: TestServer['database']['db'], userId: string) =>
  (await db.select().from(users).where(eq(users.id, userId)))[0]!.lastSeenAt;
/** Waits for a flush to have written `userId`'s heartbeat: last_seen_at newer than `after`. */
const flushedFor = (userId: string, after = 0) =>
  expect
    .poll(async () => (await seenOf(server.database.db, userId))?.getTime() ?? 0, { interval: 50 })
    .toBeGreaterThan(after);

describe('POST /api/user/heartbeat', () => {
  it('records last_seen_at at the next flush and answers success', async () => {
    const { token, user } = await registerUser(server);
    expect(await seenOf(server.database.db, user.id)).toBeNull();
    const res = await server.request('POST', '/api/user/heartbeat', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await flushedFor(user.id);
    expect(await seenOf(server.database.db, user.id)).toBeInstanceOf(Date);
    expect((await server.get('/api/user/me', token)).body.user.last_seen).toEqual(expect.any(String));
  });

  it('writes again only once the stored value is five minutes old', async () => {
    const { token, user } = await registerUser(server);
    const setSeen = (at: SQL) => server.database.db.update(users).set({ lastSeenAt: at }).where(eq(users.id, user.id));
    // Four minutes ago, but never on the previous UTC day: the first heartbeat of a day always
    // writes (presence.ts), so in the first minutes after midnight the value is today's 00:00.
    await setSeen(sql`greatest(now() - interval '4 minutes', date_trunc('day', now(), 'UTC'))`);
    const fourMinutesAgo = await seenOf(server.database.db, user.id);
    // A user seen for the first time beats in the same flush: once they are written, the flush
    // that would have written the four-minute-old value has run.
    const control = await registerUser(server);
    await server.post('/api/user/heartbeat', undefined, token);
    await server.post('/api/user/heartbeat', undefined, control.token);
    await flushedFor(control.user.id);
    expect(await seenOf(server.database.db, user.id)).toEqual(fourMinutesAgo);

    await setSeen(sql`now() - interval '6 minutes'`);
    await server.post('/api/user/heartbeat', undefined, token);
    await flushedFor(user.id, Date.now() - 60_000);
  });

  it('writes many users in one flush and nothing for users without a heartbeat', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => registerUser(server)));
    await Promise.all(people.slice(0, 4).map((p) => server.post('/api/user/heartbeat', undefined, p.token)));
    for (const person of people.slice(0, 4)) await flushedFor(person.user.id);
    const seen = await Promise.all(people.map((p) => seenOf(server.database.db, p.user.id)));
    expect(seen.slice(0, 4).every((d) => d instanceof Date)).toBe(true);
    expect(seen[4]).toBeNull();
  });

  it('flushes heartbeats still in memory when the server stops', async () => {
    const slow = await startTestServer(
      { RATE_LIMITS: 'off', PRESENCE_FLUSH_SECONDS: '300' },
      { database: server.database },
    );
    const { token, user } = await registerUser(slow);
    await slow.post('/api/user/heartbeat', undefined, token);
    expect(await seenOf(server.database.db, user.id)).toBeNull();
    await slow.stop();
    expect(await seenOf(server.database.db, user.id)).toBeInstanceOf(Date);
  });
});

describe('active days (the dashboard\'s "daily active")', () => {
  const activeDays = async (userId: string) =>
    rowsOf<{ day: string }>(
      await server.database.db.execute(
        sql`select day::text as day from user_activity_days where user_id = ${userId} order by day`,
      ),
    ).map((r) => r.day);

  it('records one row per user per UTC day, however many heartbeats', async () => {
    const { token, user } = await registerUser(server);
    await server.post('/api/user/heartbeat', undefined, token);
    await flushedFor(user.id);
    await server.database.db
      .update(users)
      .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
      .where(eq(users.id, user.id));
    await server.post('/api/user/heartbeat', undefined, token);
    await flushedFor(user.id, Date.now() - 60_000);
    expect(await activeDays(user.id)).toEqual([new Date().toISOString().slice(0, 10)]);
  });

  it('records a new day at its first heartbeat, even minutes after the last one', async () => {
    const { user } = await registerUser(server);
    const lastSeen = new Date('2030-03-01T23:58:00Z');
    await server.database.db.update(users).set({ lastSeenAt: lastSeen }).where(eq(users.id, user.id));
    const recorder = createPresenceRecorder({
      db: server.database.db,
      logger: createLogger(server.config),
      flushIntervalMs: 60_000,
      clock: () => new Date('2030-03-02T00:01:00Z'),
    });
    recorder.record(user.id);
    await recorder.close();
    expect(await activeDays(user.id)).toEqual(['2030-03-02']);
    expect(await seenOf(server.database.db, user.id)).toEqual(new Date('2030-03-02T00:01:00Z'));
  });
});
