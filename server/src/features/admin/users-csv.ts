import type { AdminUserSummary } from '@ziver/shared';
import { csvLines, type CsvValue } from '../../platform/csv.js';

const COLUMNS: [header: string, value: (user: AdminUserSummary) => CsvValue][] = [
  ['id', (u) => u.id],
  ['username', (u) => u.username],
  ['email', (u) => u.email],
  ['telegram_username', (u) => u.telegram_username],
  ['telegram_id', (u) => u.telegram_id],
  ['role', (u) => u.role],
  ['suspended_at', (u) => u.suspended_at],
  ['suspension_reason', (u) => u.suspension_reason],
  ['zp_balance', (u) => u.zp_balance],
  ['seb_balance', (u) => u.seb_balance],
  ['joined_at', (u) => u.created_at],
  ['last_seen_at', (u) => u.last_seen_at],
  ['referred_by_id', (u) => u.referred_by?.id ?? null],
  ['referred_by_username', (u) => u.referred_by?.username ?? null],
];

/**
 * The users as a CSV file: a header line, then one line per user, CRLF line ends, with a UTF-8
 * byte order mark so spreadsheet programs read non-Latin names right.
 */
export function usersToCsv(users: readonly AdminUserSummary[]): string {
  const header = COLUMNS.map(([name]) => name);
  return `\uFEFF${csvLines(
    header,
    users.map((user) => COLUMNS.map(([, value]) => value(user))),
  )}`;
}
