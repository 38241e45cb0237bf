/**
 * CSV files the console downloads (the users list, the linked wallets): RFC 4180 fields and CRLF
 * line ends. A spreadsheet reads a cell starting with one of these as a formula (tab and carriage
 * return too, as OWASP lists): such a text gets a leading apostrophe, so it stays text
 * (decisions §24).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null;

/** One CSV field: a formula-like text defused, then quoted when it holds a comma, quote or line break. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line, then one line per row, each ended by CRLF. */
export function csvLines(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
