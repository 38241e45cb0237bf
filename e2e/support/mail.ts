import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { dataDir } from './browser.js';

/** A mail's body parts as text: quoted-printable and base64 parts decoded, headers kept. */
function readable(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [unfolded, ...base64Parts].join('\n');
}

/**
 * Waits for the newest .eml the built server wrote to DATA_DIR/mail for `to` whose text matches
 * `pattern`, and returns the match (the server's mail lane polls, so this waits on the file).
 */
export async function waitForMailMatch(to: string, pattern: RegExp, timeout = 30_000): Promise<RegExpExecArray> {
  const dir = path.join(dataDir(), 'mail');
  return vi.waitFor(
    () => {
      const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      for (const file of files.sort().reverse()) {
        const raw = readFileSync(path.join(dir, file), 'utf8');
        if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
        const match = pattern.exec(readable(raw));
        if (match) return match;
      }
      throw new Error(`no mail to ${to} matching ${pattern} in ${dir} yet`);
    },
    { timeout, interval: 200 },
  );
}
