#!/usr/bin/env node
/**
 * `npm run telegram:check`: asks the Bot API, with the server's configuration (the environment
 * and ./.env), who the bot is (getMe) and how its webhook stands (getWebhookInfo), and prints
 * the bot's username, the webhook URL (or long polling), the pending update count and
 * Telegram's last delivery error. The token never appears in what it prints.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GrammyError } from 'grammy';
import { createBot } from '@ziver/bot';
import { ConfigError, loadConfig } from '../platform/config.js';
import { TELEGRAM_WEBHOOK_URL_PATH } from '../start-telegram.js';

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** Runs the check; returns the process exit code (0 healthy, 1 a problem was found, 2 not configured). */
export async function main(env: NodeJS.ProcessEnv = process.env, io: CliIo = consoleIo): Promise<number> {
  let config;
  try {
    config = loadConfig(env, { persistSecrets: false });
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : String(error));
    return 2;
  }
  const { botToken, apiRoot, publicUrl } = config.telegram;
  if (!botToken) {
    io.err('TELEGRAM_BOT_TOKEN is not set: the bot is off.');
    return 2;
  }
  // The bot's own Api, tried once per call: the token is redacted from every error.
  const { apiWithoutRetries: api } = createBot({ token: botToken, apiRoot });
  try {
    const me = await api.getMe();
    io.out(`Bot:                 @${me.username} (id ${me.id})`);
    const info = await api.getWebhookInfo();
    const expected = publicUrl ? `${publicUrl}${TELEGRAM_WEBHOOK_URL_PATH}` : undefined;
    io.out(`Webhook:             ${info.url || 'none (long polling)'}`);
    if (expected) io.out(`Expected webhook:    ${expected}${info.url === expected ? ' (matches)' : ' (DIFFERENT)'}`);
    io.out(`Pending updates:     ${info.pending_update_count}`);
    const lastError = info.last_error_date
      ? `${new Date(info.last_error_date * 1000).toISOString()} ${info.last_error_message ?? ''}`.trim()
      : 'none';
    io.out(`Last delivery error: ${lastError}`);
    const mismatch = expected !== undefined && info.url !== expected;
    return mismatch || info.last_error_date ? 1 : 0;
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 401) {
      io.err('Telegram refused TELEGRAM_BOT_TOKEN (401 Unauthorized).');
    } else {
      io.err(
        `Could not reach the Telegram Bot API at ${apiRoot}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return 1;
  }
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isEntryPoint) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  process.exitCode = await main();
}
