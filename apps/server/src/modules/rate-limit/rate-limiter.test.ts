import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { rateLimitAddressOf } from './rate-limiter';

describe('rateLimitAddressOf', () => {
  it.each([
    // [client address, what its per-address limits count under]
    ['192.0.2.1', '192.0.2.1'],
    ['10.0.0.255', '10.0.0.255'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:201', '192.0.2.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::'],
    ['2001:0DB8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::'],
    ['2001:db8::1', '2001:db8:0:0::'],
    ['2001:db8:1:3::1', '2001:db8:1:3::'],
    ['fe80::1%eth0', 'fe80:0:0:0::'],
    ['::1', '0:0:0:0::'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::'],
    // Not an address (never from a socket): counted as it is.
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, bucket) => {
    expect(rateLimitAddressOf(address)).toBe(bucket);
  });

  it.each(['2001:db8:1:2::1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '::ffff:198.51.100.7', '198.51.100.7', '2001:db8::1', 'fe80::1'])(
    '%s: the bucket stays an address (Better Auth reads it from X-Forwarded-For) and is its own bucket',
    (address) => {
      const bucket = rateLimitAddressOf(address);
      expect(net.isIP(bucket)).not.toBe(0);
      expect(rateLimitAddressOf(bucket)).toBe(bucket);
    },
  );
});
