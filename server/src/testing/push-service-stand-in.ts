import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A push the stand-in accepted: its VAPID claims checked, its payload decrypted. */
export type ReceivedPush = {
  deviceId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key the request was signed with (`k=`). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
};

/** How the stand-in answers the next request(s) instead of 201. */
export type PushAnswer = { status: number; retryAfter?: string } | 'drop';

export type PushServiceStandIn = {
  origin: string;
  /** The stand-in's self-signed certificate (PEM) and the file it is in (PUSH_CA_FILE). */
  ca: string;
  caFile: string;
  /** A new device: its subscription, with keys generated like a browser's (P-256, 16-byte auth secret). */
  createDevice(): StandInSubscription & { deviceId: string };
  /** The device is gone: its endpoint answers 410 from now on. */
  expire(deviceId: string): void;
  /** Accepted pushes, in order. */
  received: ReceivedPush[];
  /** Requests that reached the push endpoint, accepted or not. */
  requests(): number;
  /** Requests refused for a bad VAPID signature or payload (each with the reason). */
  refused: string[];
  /** The next request(s) get this answer (404, 410, 429 with Retry-After, 500…) or the connection dropped. */
  answerNext(answer: PushAnswer, times?: number): void;
  close(): Promise<void>;
};

const DAY_SECONDS = 86_400;

/**
 * A Web Push service for tests (RFC 8030), over HTTPS on 127.0.0.1 with a self-signed
 * certificate. Each POST to a device's endpoint is checked as a real push service checks it:
 * `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: an ES256 signature by `k`, `aud` the
 * endpoint's origin, `exp` within 24 hours, a `sub`), `Content-Encoding: aes128gcm` and a TTL;
 * the payload is decrypted (RFC 8291/8188, `http_ece`) with the device's private keys. A bad
 * signature answers 403, an undecryptable payload 400, an unknown device 404, an expired one 410.
 */
export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-stand-in-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(caFile, 'utf8');
  const devices = new Map<string, { ecdh: ECDH; auth: string; isExpired: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const scripted: PushAnswer[] = [];
  const sockets = new Set<Socket>();
  let requestCount = 0;
  let origin = '';

  const verifyVapid = async (authorization: string | undefined) => {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match) throw new Error(`no vapid authorization: ${authorization}`);
    const [, token, key] = match as unknown as [string, string, string];
    const point = Buffer.from(key, 'base64url');
    if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
    if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('the JWT is not ES256');
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token, publicKey, { audience: origin, algorithms: ['ES256'] });
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp > now + DAY_SECONDS) throw new Error('exp is not within 24 h');
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('no sub');
    return { vapidKey: key, claims: { aud: String(payload.aud), exp: payload.exp, sub: payload.sub } };
  };

  const server: Server = createServer({ key: readFileSync(keyFile), cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const deviceId = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        if (req.method !== 'POST' || !deviceId) return res.writeHead(404).end();
        requestCount++;
        const answer = scripted.shift();
        if (answer === 'drop') return req.socket.destroy();
        if (answer) {
          return res.writeHead(answer.status, answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}).end();
        }
        const device = devices.get(deviceId);
        if (!device) return res.writeHead(404).end();
        if (device.isExpired) return res.writeHead(410).end();
        let vapid;
        try {
          vapid = await verifyVapid(req.headers.authorization);
        } catch (error) {
          refused.push(`vapid: ${(error as Error).message}`);
          return res.writeHead(403).end();
        }
        const ttl = Number(req.headers.ttl);
        if (req.headers['content-encoding'] !== 'aes128gcm' || !Number.isInteger(ttl) || ttl < 0) {
          refused.push(`headers: ${req.headers['content-encoding']} ttl=${req.headers.ttl}`);
          return res.writeHead(400).end();
        }
        let payload: Record<string, unknown>;
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: device.auth,
          });
          payload = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
        } catch (error) {
          refused.push(`payload: ${(error as Error).message}`);
          return res.writeHead(400).end();
        }
        received.push({ deviceId, payload, ttl, urgency: req.headers.urgency as string | undefined, ...vapid });
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      })();
    });
  });
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca,
    caFile,
    createDevice() {
      const deviceId = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      devices.set(deviceId, { ecdh, auth, isExpired: false });
      return {
        deviceId,
        endpoint: `${origin}/push/${deviceId}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
      };
    },
    expire(deviceId) {
      const device = devices.get(deviceId);
      if (device) device.isExpired = true;
    },
    received,
    requests: () => requestCount,
    refused,
    answerNext(answer, times = 1) {
      for (let i = 0; i < times; i++) scripted.push(answer);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
