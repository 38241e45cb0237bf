import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * Node's arguments for a test's child process running TypeScript source: tsx, and the workspace
 * packages (@ziver/shared, @ziver/bot) resolved to their sources by the `ziver-source` export
 * condition, so `npm test` needs no `tsc -b` output.
 */
export const TYPESCRIPT_CHILD_ARGS = ['--import', 'tsx', '--conditions=ziver-source'] as const;

/** One app instance in its own Node process (nothing shared in memory with the others). */
export type AppInstance = {
  url: string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process is gone. */
  stop(): Promise<void>;
  /** Sends a signal and returns at once (see `exited`). */
  kill(signal: NodeJS.Signals): void;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The first JSON log line (already written or still to come) whose `msg` is `msg`. */
  waitForLog(msg: string): Promise<Record<string, unknown>>;
};

/**
 * Starts `server/src/main.ts` (through tsx) in a child process with exactly `env` on top of
 * PATH, and resolves once it logs "server listening". Its log goes to the test's stderr when
 * TEST_LOG_LEVEL is set.
 */
export async function startAppInstance(env: Record<string, string>, timeoutMs = 60_000): Promise<AppInstance> {
  const child: ChildProcess = spawn(process.execPath, [...TYPESCRIPT_CHILD_ARGS, MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const echo = Boolean(process.env.TEST_LOG_LEVEL);
  const stderr: string[] = [];
  const logs: Record<string, unknown>[] = [];
  const logWaiters: { msg: string; resolve(entry: Record<string, unknown>): void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (echo) process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    // eslint-disable-next-line no-restricted-syntax -- a deadline that fails the start, not a wait
    const timer = setTimeout(
      () => reject(new Error(`instance did not start in ${timeoutMs} ms: ${stderr.join('')}`)),
      timeoutMs,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code} before listening: ${stderr.join('')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (echo) process.stderr.write(`${line}\n`);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        logs.push(entry);
        for (const waiter of logWaiters.filter((w) => w.msg === entry.msg)) waiter.resolve(entry);
        if (entry.msg === 'server listening' && entry.url) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      } catch {
        // not a JSON log line
      }
    });
  });
  return {
    url,
    exited,
    kill: (signal) => child.kill(signal),
    waitForLog: (msg) => {
      const seen = logs.find((entry) => entry.msg === msg);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => logWaiters.push({ msg, resolve }));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // eslint-disable-next-line no-restricted-syntax -- a last resort for a hung child, not a wait
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** A round-robin HTTP proxy (a stand-in for the load balancer) and how many requests each upstream got. */
export type RoundRobinProxy = { url: string; served: number[]; close(): Promise<void> };

/** Sends request n to upstream n mod count, adding X-Forwarded-For like a real load balancer. */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % upstreams.length;
    served[index]! += 1;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwardedFor } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
