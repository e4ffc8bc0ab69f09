import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveTarget, TargetRefused, type Resolver } from './target-guard';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.0.0.1', true],
    ['172.16.5.4', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.128.0.1', false],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.1.2.3', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['not an address', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
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
