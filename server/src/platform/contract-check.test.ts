import { keyedMessage } from '@ziver/shared';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponses } from './contract-check.js';
import { createLogger } from './logger.js';
import { loadConfig } from './config.js';

const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { persistSecrets: false }));

/** A stand-in API whose /system/status breaks its contract (lockdownMode must be a boolean). */
function startApi(mode: 'strict' | 'log' | 'off') {
  const app = express();
  const api = express.Router();
  api.use(checkResponses(mode, logger));
  api.get('/system/status', (_req, res) => {
    res.json({ success: true, lockdownMode: 'no', supportEmail: 'a@b.c', estimate: 'soon' });
  });
  // GET /files/{key} is a binary entry: bytes are sent as they are, JSON is checked.
  api.get('/files/:key', (req, res) => {
    if (req.params.key === 'bytes.png') res.type('image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    else if (req.params.key === 'missing.png')
      res.status(404).json({ success: false, code: 'NOT_FOUND', ...keyedMessage('server.notFound') });
    else res.json({ success: true });
  });
  // Outside the contract too: a text without its key (or with a key not in the list) is refused.
  api.get('/unkeyed', (req, res) => {
    if (req.query.key === 'unknown') res.json({ success: true, message: 'Hi', messageKey: 'nope.nope', params: {} });
    else res.status(400).json({ success: false, code: 'BAD_REQUEST', message: 'Plain English' });
  });
  api.get('/heartbeat-like', (_req, res) => {
    res.json({ anything: 'goes outside the contract' });
  });
  app.use('/api', api);
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/api`, close: () => server.close() });
    });
  });
}

describe('CONTRACT_CHECK', () => {
  const servers: Record<string, { url: string; close: () => void }> = {};
  beforeAll(async () => {
    for (const mode of ['strict', 'log', 'off'] as const) servers[mode] = await startApi(mode);
  });
  afterAll(() => Object.values(servers).forEach((s) => s.close()));

  it('strict: an answer that breaks its schema becomes a 500 with the generic error', async () => {
    const res = await fetch(`${servers.strict!.url}/system/status`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
  });

  it('strict: a message without a messageKey of the list (error or success, contract or not) becomes a 500', async () => {
    for (const query of ['', '?key=unknown']) {
      const res = await fetch(`${servers.strict!.url}/unkeyed${query}`);
      expect([query, res.status]).toEqual([query, 500]);
      expect(await res.json()).toEqual({ success: false, code: 'INTERNAL', ...keyedMessage('server.internal') });
    }
    expect((await fetch(`${servers.log!.url}/unkeyed`)).status).toBe(400);
  });

  it('log and off: the answer goes out unchanged', async () => {
    for (const mode of ['log', 'off']) {
      const res = await fetch(`${servers[mode]!.url}/system/status`);
      expect([mode, res.status, ((await res.json()) as { lockdownMode: unknown }).lockdownMode]).toEqual([
        mode,
        200,
        'no',
      ]);
    }
  });

  it('a binary entry: its bytes go out unchecked, its JSON error is checked, a JSON success is refused', async () => {
    const bytes = await fetch(`${servers.strict!.url}/files/bytes.png`);
    expect([bytes.status, bytes.headers.get('content-type'), (await bytes.arrayBuffer()).byteLength]).toEqual([
      200,
      'image/png',
      4,
    ]);
    const missing = await fetch(`${servers.strict!.url}/files/missing.png`);
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { success: false, code: 'NOT_FOUND', ...keyedMessage('server.notFound') },
    ]);
    const json = await fetch(`${servers.strict!.url}/files/json.png`);
    expect(json.status).toBe(500);
  });

  it('leaves paths outside the contract alone', async () => {
    expect((await fetch(`${servers.strict!.url}/heartbeat-like`)).status).toBe(200);
  });
});
