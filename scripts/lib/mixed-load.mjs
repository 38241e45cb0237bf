// A steady mixed load on the API for the fault suite and the soak: register, login, mining
// start/claim/status, history. One TCP connection per request (no keep-alive), so a refused
// connection (server not accepting) and a cut one (request in flight dropped) are told apart.
// Records every status and code, latencies, and each claim acknowledged with HTTP 200.
import http from 'node:http';
import { randomBytes } from 'node:crypto';

const PASSWORD = 'faults-pass-1';

/** One request; resolves { status, body, ms } or { error: 'refused' | 'cut' | 'timeout', ms }. */
export function request(baseUrl, method, path, { body, token, timeoutMs = 30_000, headers = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${baseUrl}${path}`, {
      method,
      agent: false,
      headers: {
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...result, ms: performance.now() - started });
    };
    const timer = setTimeout(() => {
      finish({ error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) =>
      finish({ error: error.code === 'ECONNREFUSED' ? 'refused' : 'cut', detail: error.code ?? error.message }),
    );
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', () => finish({ error: 'cut' }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        finish({ status: res.statusCode, body: json ?? text });
      });
    });
    req.end(payload);
  });
}

/**
 * createMixedLoad({ url, users, workers }): `seed()` registers the users, `start()` runs the
 * workers until `stop()`. `stats` holds the counts; `claimsAcknowledged` maps email → claims
 * answered 200; `claimsUnknown` counts claims whose answer was lost (cut or timed out).
 */
export function createMixedLoad({ url, users = 8, workers = 4, timeoutMs = 30_000, onResult } = {}) {
  const run = randomBytes(3).toString('hex');
  const accounts = [];
  const stats = {
    total: 0,
    byStatus: {},
    byCode: {},
    errors: { refused: 0, cut: 0, timeout: 0 },
    serverErrors: [],
    latencies: [],
  };
  const claimsAcknowledged = new Map();
  let claimsUnknown = 0;
  let running = false;
  let loops = [];
  let registered = 0;
  const base = {
    get url() {
      return load.url;
    },
  };

  const record = (op, result) => {
    stats.total++;
    if (result.error) stats.errors[result.error]++;
    else {
      stats.byStatus[result.status] = (stats.byStatus[result.status] ?? 0) + 1;
      const code = result.body?.code;
      if (code) stats.byCode[code] = (stats.byCode[code] ?? 0) + 1;
      if (result.status >= 500 && code !== 'DATABASE_UNAVAILABLE') {
        if (stats.serverErrors.length < 20) stats.serverErrors.push({ op, status: result.status, body: result.body });
      }
      stats.latencies.push({ at: Date.now(), ms: result.ms });
    }
    onResult?.(op, result);
  };

  async function register(i) {
    const email = `load_${run}_${i}@example.com`;
    const result = await request(base.url, 'POST', '/api/auth/register', {
      body: { username: `load_${run}_${i}`, email, password: PASSWORD },
      timeoutMs,
    });
    return { result, email };
  }

  async function step() {
    const roll = Math.random();
    const account = accounts[Math.floor(Math.random() * accounts.length)];
    if (roll < 0.05) {
      const { result, email } = await register(`n${registered++}`);
      record('register', result);
      if (result.status === 201) accounts.push({ email, token: result.body.token });
      return;
    }
    if (roll < 0.15) {
      const result = await request(base.url, 'POST', '/api/auth/login', {
        body: { email: account.email, password: PASSWORD },
        timeoutMs,
      });
      record('login', result);
      if (result.status === 200 && result.body?.token) account.token = result.body.token;
      return;
    }
    if (roll < 0.45)
      return record(
        'status',
        await request(base.url, 'GET', '/api/mining/status', { token: account.token, timeoutMs }),
      );
    if (roll < 0.6)
      return record('start', await request(base.url, 'POST', '/api/mining/start', { token: account.token, timeoutMs }));
    if (roll < 0.9) {
      const result = await request(base.url, 'POST', '/api/mining/claim', { token: account.token, timeoutMs });
      record('claim', result);
      if (result.status === 200)
        claimsAcknowledged.set(account.email, (claimsAcknowledged.get(account.email) ?? 0) + 1);
      if (result.error === 'cut' || result.error === 'timeout') claimsUnknown++;
      return;
    }
    record(
      'history',
      await request(base.url, 'GET', '/api/transactions?page=1&limit=20', { token: account.token, timeoutMs }),
    );
  }

  const load = {
    url,
    stats,
    claimsAcknowledged,
    get claimsUnknown() {
      return claimsUnknown;
    },
    accounts,
    async seed() {
      for (let i = 0; i < users; i++) {
        const { result, email } = await register(i);
        if (result.status !== 201) throw new Error(`seed register failed: ${JSON.stringify(result)}`);
        accounts.push({ email, token: result.body.token });
      }
    },
    start() {
      running = true;
      loops = Array.from({ length: workers }, async () => {
        while (running) {
          await step();
          // A refused connection answers at once: do not spin.
          await new Promise((r) => setTimeout(r, 5));
        }
      });
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /** Completed answers since `since` (ms epoch): count, p50, p99. */
    latencySince(since) {
      const ms = stats.latencies
        .filter((l) => l.at >= since)
        .map((l) => l.ms)
        .sort((a, b) => a - b);
      const q = (p) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] * 10) / 10 : NaN);
      return { count: ms.length, p50: q(0.5), p99: q(0.99) };
    },
  };
  return load;
}
