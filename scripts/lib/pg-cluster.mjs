// A throwaway PostgreSQL cluster for the fault suite and the soak: initdb into a temp dir, a
// free port, start/stop/pause/terminate. Uses Debian's binaries (PG_BIN, default
// /usr/lib/postgresql/15/bin). PostgreSQL refuses to run as root: as root, everything runs as
// the `postgres` user in a directory it owns. Never touches a server it did not start.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './built-server.mjs';

export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** Why the cluster cannot run here, or undefined when it can. */
export function clusterUnavailableReason() {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(PG_BIN, tool)))
      return `${path.join(PG_BIN, tool)} not found (install Debian's postgresql-15 or set PG_BIN)`;
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root and there is no "postgres" user to run PostgreSQL as';
  }
  return undefined;
}

function asOwner(args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
}

function run(args, options = {}) {
  const [cmd, rest] = asOwner(args);
  return execFileSync(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

/**
 * Creates and starts a cluster. Returns its URL (database `ziver`) and controls:
 * stop() (pg_ctl stop -m fast), start(), pause()/resume() (SIGSTOP/SIGCONT of the postmaster
 * and every backend), terminateBackends(), query(), destroy().
 */
export async function startCluster({ label = 'faults' } = {}) {
  const reason = clusterUnavailableReason();
  if (reason) throw new Error(`Cannot start a throwaway PostgreSQL: ${reason}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), `ziver-pg-${label}-`));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  run([path.join(PG_BIN, 'initdb'), '-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const logFile = path.join(dir, 'postgres.log');

  const cluster = {
    port,
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/ziver`,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    isRunning: false,
    start() {
      run([path.join(PG_BIN, 'pg_ctl'), '-D', dataDir, '-o', opts, '-l', logFile, '-w', '-t', '30', 'start']);
      cluster.isRunning = true;
    },
    /** pg_ctl stop -m fast: ends every session (open transactions are rolled back). */
    stop() {
      run([path.join(PG_BIN, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      cluster.isRunning = false;
    },
    /** Every process of the cluster: the postmaster and its children. */
    pids() {
      const pidFile = path.join(dataDir, 'postmaster.pid');
      if (!existsSync(pidFile)) return [];
      const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      const children = [];
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          if (ppid === postmaster) children.push(Number(entry));
        } catch {
          /* gone */
        }
      }
      return [postmaster, ...children];
    },
    /** A hung database: every process stopped (SIGSTOP) until resume(). */
    pause() {
      for (const pid of cluster.pids()) signal(pid, 'SIGSTOP');
    },
    resume() {
      for (const pid of cluster.pids()) signal(pid, 'SIGCONT');
    },
    async query(text, params = [], url = cluster.url) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    /** pg_terminate_backend on every session of database `ziver` but this one; returns how many. */
    async terminateBackends() {
      const rows = await cluster.query(
        "select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = 'ziver' and pid <> pg_backend_pid()",
        [],
        cluster.adminUrl,
      );
      return Number(rows[0].n);
    },
    destroy() {
      try {
        cluster.resume();
        if (cluster.isRunning) run([path.join(PG_BIN, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      cluster.isRunning = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  await cluster.query('create database ziver', [], cluster.adminUrl);
  return cluster;
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    /* exited */
  }
}
