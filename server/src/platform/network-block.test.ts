import { describe, expect, it } from 'vitest';
import { networkBlockOf } from './network-block.js';

describe('networkBlockOf', () => {
  it('groups IPv4 by /24', () => {
    expect(networkBlockOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBlockOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkBlockOf('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(networkBlockOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkBlockOf('::FFFF:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('groups IPv6 by /48, whatever the notation', () => {
    expect(networkBlockOf('2001:db8:1:2::7')).toBe('2001:db8:1::/48');
    expect(networkBlockOf('2001:0db8:0001:ffff:0:0:0:1')).toBe('2001:db8:1::/48');
    expect(networkBlockOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkBlockOf('::1')).toBe('0:0:0::/48');
    expect(networkBlockOf('[2001:db8:aa::1]')).toBe('2001:db8:aa::/48');
    expect(networkBlockOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkBlockOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0::/48');
  });

  it('has no block for missing or malformed addresses', () => {
    for (const bad of [undefined, null, '', 'localhost', '300.1.1.1', '1.2.3', '2001:db8:::1', '1:2:3:4:5:6:7:8:9']) {
      expect([bad, networkBlockOf(bad)]).toEqual([bad, null]);
    }
  });
});
