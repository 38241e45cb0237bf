#!/usr/bin/env node
/**
 * Promotes a user (or sets another role) from the command line, against the same database the
 * server uses (DATA_DIR or DATABASE_URL, read from the environment and ./.env like the server):
 *
 *   node server/dist/cli/make-admin.js <email-or-username> [--role ADMIN|TESTER|USER]
 *
 * With the embedded database (no DATABASE_URL) the server must be stopped first: the PGlite data
 * folder can be used by one process at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMAND_LINE_ACTOR_ID, CONTRACT, ROLES, type Role } from '@ziver/shared';
import { ConfigError, loadConfig } from '../platform/config.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';
import { API_PREFIX } from '../platform/http.js';
import { createInvalidationBus } from '../platform/invalidation.js';
import { changeUserRole } from '../features/admin/manage-user.js';
import { findUserByLogin } from '../features/users/find-user.js';

const USAGE = `Usage: make-admin <email-or-username> [--role ${ROLES.join('|')}] [--force]
Sets the role of an existing user (ADMIN by default). Uses DATA_DIR or DATABASE_URL like the server.
With the embedded database, stop the server first (--force skips the check for a running server).`;

const EMBEDDED_HINT =
  'The embedded database (DATA_DIR) can be opened by one process at a time: stop the server, run this ' +
  'command again, then start the server. (With DATABASE_URL the server may keep running.)';

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

type Args = { login: string; role: Role; isForced: boolean } | { error: string } | { help: true };

export function parseArgs(argv: string[]): Args {
  let login: string | undefined;
  let role: string = 'ADMIN';
  let isForced = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { help: true };
    if (arg === '--force') {
      isForced = true;
      continue;
    }
    if (arg === '--role' || arg.startsWith('--role=')) {
      const value = arg === '--role' ? argv[++i] : arg.slice('--role='.length);
      if (!value) return { error: '--role needs a value' };
      role = value.toUpperCase();
      continue;
    }
    if (arg.startsWith('-')) return { error: `Unknown option: ${arg}` };
    if (login !== undefined) return { error: `Unexpected argument: ${arg}` };
    login = arg;
  }
  if (!login || login.trim() === '') return { error: 'Give the email or username of the user' };
  if (!(ROLES as readonly string[]).includes(role))
    return { error: `--role must be one of ${ROLES.join(', ')} (got ${role})` };
  return { login: login.trim(), role: role as Role, isForced };
}

/** Runs the command; returns the process exit code (0 done, 1 failed, 2 bad usage). */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
): Promise<number> {
  const args = parseArgs(argv);
  if ('help' in args) {
    io.out(USAGE);
    return 0;
  }
  if ('error' in args) {
    io.err(`${args.error}\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(env, { persistSecrets: false });
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }

  const isEmbedded = !config.databaseUrl;
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (isEmbedded && !existsSync(pgdata)) {
    io.err(
      `No database found at ${pgdata}. Set DATA_DIR to the server's data folder (or DATABASE_URL), and start the server once first.`,
    );
    return 1;
  }

  // PGlite has no lock of its own: opening its folder while the server has it open loses this
  // change (the server writes over it) and can corrupt the folder. Ask the configured port first.
  if (isEmbedded && !args.isForced) {
    const running = await findRunningEmbeddedServer(config.port);
    if (running) {
      io.err(`A Ziver server using the embedded database is running at ${running}.`);
      io.err(EMBEDDED_HINT);
      return 1;
    }
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase(isEmbedded ? { dataDir: pgdata } : { url: config.databaseUrl, poolMax: 1 });
  } catch (error) {
    io.err(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
    if (isEmbedded) io.err(EMBEDDED_HINT);
    return 1;
  }

  try {
    const user = await findUserByLogin(database.db, args.login);
    if (!user) {
      io.err(`No user with the email or username "${args.login}".`);
      return 1;
    }
    const who = user.email ? `${user.username} <${user.email}>` : user.username;
    if (user.role === args.role) {
      io.out(`${who} is already ${args.role}; nothing changed.`);
      return 0;
    }
    // The console's rule, audited with the command line as the actor; a running server (DATABASE_URL)
    // hears the change notification and drops the user's cached sessions.
    await changeUserRole(database.db, {
      adminId: COMMAND_LINE_ACTOR_ID,
      userId: user.id,
      role: args.role,
      invalidations: createInvalidationBus(),
    });
    io.out(`${who} is now ${args.role} (was ${user.role}).`);
    return 0;
  } catch (error) {
    io.err(`Could not update the user: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}

/** The URL of a server answering on this machine's configured port with the embedded database, if any. */
async function findRunningEmbeddedServer(port: number): Promise<string | null> {
  if (!port) return null;
  const url = `http://127.0.0.1:${port}`;
  try {
    const res = await fetch(`${url}${API_PREFIX}${CONTRACT.health.path}`, { signal: AbortSignal.timeout(1_500) });
    const body = (await res.json()) as { database?: { kind?: unknown } };
    return body?.database?.kind === 'pglite' ? url : null;
  } catch {
    return null;
  }
}

const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isEntryPoint) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  process.exitCode = await main(process.argv.slice(2));
}
