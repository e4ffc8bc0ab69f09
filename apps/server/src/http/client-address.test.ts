import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fastifyTrustProxy, ipv6Groups, mappedIPv4Of, parseTrustProxy } from './client-address';

describe('TRUST_PROXY', () => {
  it.each([
    // [value, setting]
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['192.168.1.0/24, 172.16.0.0/12 ,127.0.0.1', ['192.168.1.0/24', '172.16.0.0/12', '127.0.0.1']],
    ['203.0.113.7/32', ['203.0.113.7/32']],
    ['::1', ['::1']],
    ['fd00::/8', ['fd00::/8']],
    ['2001:db8::/32', ['2001:db8::/32']],
    ['2001:db8::1/128', ['2001:db8::1/128']],
    ['::ffff:10.0.0.0/104', ['::ffff:10.0.0.0/104']],
    ['::ffff:10.0.0.1', ['::ffff:10.0.0.1']],
    ['fe80::1%eth0', ['fe80::1%eth0']],
  ])('accepts %s', (value, setting) => {
    expect(parseTrustProxy(value)).toEqual({ setting });
    // Fastify's own reader of the setting (proxy-addr) takes it too: a value we accept never fails the start later.
    expect(() => Fastify({ trustProxy: fastifyTrustProxy(setting as false | number | string[]) })).not.toThrow();
  });

  it.each([
    // [value, what the refusal says]
    ['true', /instead of trusting everyone/],
    ['*', /instead of trusting everyone/],
    ['0.0.0.0/0', /^0\.0\.0\.0\/0: a range shorter than \/8/],
    ['10.0.0.0/7', /shorter than \/8/],
    ['128.0.0.0/1', /shorter than \/8/],
    ['::/0', /^::\/0: a range shorter than \/8/],
    ['2000::/3', /shorter than \/8/],
    ['::ffff:0.0.0.0/96', /shorter than \/8/],
    ['::ffff:10.0.0.0/100', /shorter than \/8/],
    ['10.0.0.1, 0.0.0.0/0', /^0\.0\.0\.0\/0: a range shorter than \/8/],
    ['10.0.0.0/33', /not: 10\.0\.0\.0\/33/],
    ['::1/129', /not: ::1\/129/],
    ['10.0.0.0/x', /not: 10\.0\.0\.0\/x/],
    ['10.0.0.0/255.0.0.0', /not: 10\.0\.0\.0\/255\.0\.0\.0/],
    ['10.0.0.0/8/8', /not: /],
    ['10.0.0.0/', /not: 10\.0\.0\.0\//],
    ['127.1', /not: 127\.1/],
    ['256.0.0.1', /not: 256\.0\.0\.1/],
    ['proxy.example.com', /not: proxy\.example\.com/],
    ['loopback', /not: loopback/],
    ['-1', /not: -1/],
    ['1,10.0.0.1', /not: 1\b/],
    ['10.0.0.1,,10.0.0.2', /empty entry/],
    ['10.0.0.1,', /empty entry/],
    [',', /empty entry/],
  ])('refuses %s', (value, refusal) => {
    const parsed = parseTrustProxy(value);
    expect(parsed).toEqual({ refusal: expect.stringMatching(refusal) });
  });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/4', 'true', 'garbage', '10.0.0.1,,10.0.0.2'])('TRUST_PROXY=%s stops the start with a message naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid configuration:\n {2}TRUST_PROXY: /);
  });
});

describe('ipv6Groups and mappedIPv4Of', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0], null],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1], null],
    ['2001:db8::1', [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], null],
    ['2001:DB8:1:2:3:4:5:6', [0x2001, 0xdb8, 1, 2, 3, 4, 5, 6], null],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1], null],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0], null],
    ['::ffff:192.0.2.1', [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201], '192.0.2.1'],
    ['::ffff:c000:201', [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201], '192.0.2.1'],
    ['0:0:0:0:0:ffff:10.1.2.3', [0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203], '10.1.2.3'],
    ['64:ff9b::192.0.2.1', [0x64, 0xff9b, 0, 0, 0, 0, 0xc000, 0x201], null],
  ])('%s', (address, groups, mapped) => {
    expect(ipv6Groups(address)).toEqual(groups);
    expect(mappedIPv4Of(groups)).toBe(mapped);
  });

  it.each(['192.0.2.1', 'not an address', '', '2001:db8::1::2', ':::'])('%s is no IPv6 address', (address) => {
    expect(ipv6Groups(address)).toBeNull();
  });
});
