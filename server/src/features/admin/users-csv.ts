import type { AdminUserSummary } from '@ziver/shared';

/**
 * A spreadsheet reads a cell starting with one of these as a formula (tab and carriage return
 * too, as OWASP lists): such a text gets a leading apostrophe, so it stays text (decisions §24).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): a formula-like text defused, then quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS: [header: string, value: (user: AdminUserSummary) => string | number | null][] = [
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
  const lines = [COLUMNS.map(([header]) => header).join(',')];
  for (const user of users) lines.push(COLUMNS.map(([, value]) => csvField(value(user))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
