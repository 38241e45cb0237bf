import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accountSignals } from '../../platform/db/schema.js';
import type { SignInEvent } from '../auth/sign-up-hooks.js';
import { networkBlockOf } from '../../platform/network-block.js';
import { estimateTelegramYear } from './telegram-account-age.js';

/** Signals kept per account (the newest); older rows are deleted as new ones arrive (docs/operations.md). */
export const SIGNALS_KEPT_PER_ACCOUNT = 20;
const HEADER_MAX = 300;

/** Records a sign-up or sign-in's network, client and Telegram facts, and trims the account's signals to the newest ones. */
export async function recordSignInSignal(db: Db, event: SignInEvent): Promise<void> {
  const { user, telegram } = event;
  await db.insert(accountSignals).values({
    userId: user.id,
    kind: event.isNewUser ? 'signup' : 'signin',
    method: event.method,
    ip: event.ip ?? null,
    network: networkBlockOf(event.ip),
    userAgent: event.userAgent?.slice(0, HEADER_MAX) ?? null,
    acceptLanguage: event.acceptLanguage?.slice(0, HEADER_MAX) ?? null,
    telegramId: telegram?.id ?? null,
    telegramPremium: telegram ? telegram.isPremium : null,
    telegramLanguage: telegram?.languageCode ?? null,
    telegramYear: telegram ? estimateTelegramYear(telegram.id) : null,
  });
  // The sign-up row is kept whatever follows (the bursts are found from it), beside the newest sign-ins.
  await db.execute(sql`
    delete from account_signals
    where user_id = ${user.id}::uuid and kind = 'signin' and id < (
      select id from account_signals where user_id = ${user.id}::uuid and kind = 'signin'
      order by id desc offset ${SIGNALS_KEPT_PER_ACCOUNT - 2} limit 1)`);
}
