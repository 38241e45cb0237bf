import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createLimiterNames, limitRequests, type RateLimitDeps } from './rate-limit.js';
import { connectRedis, type RedisHandle } from './redis.js';

/** Limiters against a real Redis: only with REDIS_URL (CI's PostgreSQL stage sets it). */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('rate-limit.test.ts: Redis cases skipped, set REDIS_URL to run them');

const servers: Server[] = [];
const handles: RedisHandle[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(handles.map((handle) => handle.close()));
});

/** A tiny app with one limited route, as an instance of the real app builds it. */
async function instance(deps: RateLimitDeps, limit = 2): Promise<string> {
  const app = express();
  app.get('/limited', limitRequests(deps, { windowMs: 60_000, limit }), (_req, res) => {
    res.json({ success: true });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/limited`;
}

async function redisDeps(keyPrefix: string): Promise<RateLimitDeps> {
  const redis = await connectRedis(
    { url: REDIS_URL!, keyPrefix },
    createLogger({ logLevel: 'silent', logPretty: false }),
  );
  handles.push(redis);
  return { config: { isRateLimited: true }, redis, limiterNames: createLimiterNames() };
}

const statuses = async (urls: string[]) => {
  const result: number[] = [];
  for (const url of urls) result.push((await fetch(url)).status);
  return result;
};

describe('limitRequests', () => {
  it('counts in each process without Redis', async () => {
    const a = await instance({ config: { isRateLimited: true }, limiterNames: createLimiterNames() });
    const b = await instance({ config: { isRateLimited: true }, limiterNames: createLimiterNames() });
    expect(await statuses([a, b, a, b, a])).toEqual([200, 200, 200, 200, 429]);
  });

  it('lets everything through with RATE_LIMITS=off', async () => {
    const a = await instance({ config: { isRateLimited: false }, limiterNames: createLimiterNames() });
    expect(await statuses([a, a, a])).toEqual([200, 200, 200]);
  });

  it.skipIf(!REDIS_URL)('counts across instances sharing Redis and a key prefix', async () => {
    const prefix = `ziver-test:${randomBytes(4).toString('hex')}:`;
    const a = await instance(await redisDeps(prefix));
    const b = await instance(await redisDeps(prefix));
    expect(await statuses([a, b, a])).toEqual([200, 200, 429]);
    const other = await instance(await redisDeps(`ziver-test:${randomBytes(4).toString('hex')}:`));
    expect(await statuses([other]), 'another prefix counts on its own').toEqual([200]);
  });

  it.skipIf(!REDIS_URL)('lets requests through while Redis is unreachable', async () => {
    const deps = await redisDeps(`ziver-test:${randomBytes(4).toString('hex')}:`);
    const a = await instance(deps, 1);
    deps.redis!.client.destroy();
    expect(await statuses([a, a, a])).toEqual([200, 200, 200]);
  });
});
