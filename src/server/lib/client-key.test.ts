import { describe, expect, it } from 'vitest';
import { addressKey, clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('keys an IPv4 address by the address itself', () => {
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKey({ ip: '203.0.113.8' })).not.toBe(clientKey({ ip: '203.0.113.7' }));
  });

  it('keys an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(addressKey('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::ffff:0102:0304')).toBe('1.2.3.4');
  });

  it('keys an IPv6 address by its /64: one user holding a /64 is one key', () => {
    const a = addressKey('2001:db8:1234:5678:aaaa:bbbb:cccc:dddd');
    expect(a).toBe(addressKey('2001:db8:1234:5678::1'));
    expect(a).toBe(addressKey('2001:0DB8:1234:5678:ffff:ffff:ffff:ffff'));
    expect(a).not.toBe(addressKey('2001:db8:1234:5679::1'));
    expect(addressKey('::1')).toBe(addressKey('::2'));
  });

  it('never confuses an IPv6 /64 with an IPv4 address, and keys a missing address', () => {
    expect(addressKey('2001:db8::1')).toContain(':');
    expect(clientKey({ ip: '' })).toBe('unknown');
  });
});
