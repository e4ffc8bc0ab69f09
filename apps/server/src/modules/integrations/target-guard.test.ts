import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolveTarget, TargetRefused, type Resolver } from './target-guard';

describe('isPublicAddress', () => {
  it.each([
    // IPv4: public unicast only.
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['172.32.0.1', true],
    ['100.128.0.1', true],
    ['192.0.1.1', true],
    ['223.255.255.254', true],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['10.0.0.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['169.254.169.254', false],
    ['172.16.5.4', false],
    ['172.31.255.255', false],
    ['192.0.0.9', false],
    ['192.0.0.170', false],
    ['192.0.2.1', false],
    ['192.31.196.1', false],
    ['192.52.193.1', false],
    ['192.88.99.1', false],
    ['192.168.1.1', false],
    ['192.175.48.6', false],
    ['198.18.0.1', false],
    ['198.19.255.255', false],
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['224.0.0.1', false],
    ['239.255.255.250', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    // IPv6: global unicast 2000::/3 outside the special-purpose blocks.
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:81d::200e', true],
    ['2001:4860:4860::8888', true],
    ['2c0f:fb50:4002::1', true],
    ['::', false],
    ['::1', false],
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:808:808', false],
    ['100::1', false],
    ['64:ff9b:1::a00:1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['febf::1', false],
    ['fec0::1', false],
    ['ff02::1', false],
    ['ff0e::1', false],
    ['4000::1', false],
    ['5f00::1', false],
    ['1fff:ffff::1', false],
    ['2001::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2001:1::1', false],
    ['2001:2::1', false],
    ['2001:3::1', false],
    ['2001:4:112::1', false],
    ['2001:10::1', false],
    ['2001:20::1', false],
    ['2001:1ff:ffff::1', false],
    ['2001:200::1', true],
    ['2001:db8::1', false],
    ['2001:db8:ffff::1', false],
    ['2002:7f00:1::', false],
    ['2002:808:808::1', false],
    ['2620:4f:8000::1', false],
    ['3fff::1', false],
    ['3fff:fff::1', false],
    ['3fff:1000::1', true],
    // Embeddings judged by their IPv4 address: IPv4-mapped and the well-known NAT64 prefix.
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.1.2.3', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:8.8.8.8', true],
    ['::ffff:808:808', true],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['64:ff9b::8.8.8.8', true],
    ['64:ff9b::1:808:808', false],
    // Not an address at all.
    ['not an address', false],
    ['', false],
    ['localhost', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('resolveTarget', () => {
  const production = { requireHttps: true, allowPrivateTargets: false };
  const resolvesTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses http in production and allows it elsewhere', async () => {
    await expect(resolveTarget(new URL('http://93.184.215.14/h'), production)).rejects.toBeInstanceOf(TargetRefused);
    await expect(resolveTarget(new URL('http://93.184.215.14/h'), { ...production, requireHttps: false })).resolves.toHaveLength(1);
  });

  it('refuses a host when any of its addresses is private (no mixed answers to slip through)', async () => {
    await expect(resolveTarget(new URL('https://hooks.example.com/h'), production, resolvesTo('93.184.215.14', '10.0.0.5'))).rejects.toThrow(/private or local/);
    await expect(resolveTarget(new URL('https://hooks.example.com/h'), production, resolvesTo('93.184.215.14'))).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it('allows private targets only when the operator says so', async () => {
    await expect(resolveTarget(new URL('https://intranet.local/h'), { ...production, allowPrivateTargets: true }, resolvesTo('192.168.1.20'))).resolves.toHaveLength(1);
  });

  it('refuses names that do not resolve, credentials in the URL, and other schemes', async () => {
    const fails: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveTarget(new URL('https://nowhere.invalid/h'), production, fails)).rejects.toThrow(/could not be found/);
    await expect(resolveTarget(new URL('https://a:b@93.184.215.14/h'), production)).rejects.toBeInstanceOf(TargetRefused);
    await expect(resolveTarget(new URL('ftp://93.184.215.14/h'), production)).rejects.toBeInstanceOf(TargetRefused);
  });
});
