import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network block an address belongs to: IPv4 /24 (`203.0.113.0/24`), IPv6 /48
 * (`2001:db8:1::/48`); an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, as Node reports IPv4
 * clients on a dual-stack socket) counts as its IPv4 address. Null for anything else.
 */
export function networkBlockOf(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address);
  if (!groups) return null;
  const [a, b, c] = groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16));
  return `${a}:${b}:${c}::/48`;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail turned into two groups). */
function expandIPv6(address: string): string[] | null {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [p, q, r, s] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail[1]!.length) + `${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
}
