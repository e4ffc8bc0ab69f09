import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMmdb, countryRecord } from '../../../test/mmdb-writer';
import { openCountryLookup, type CountryLookup } from './country-lookup';

describe('country lookup (MaxMind DB through the maxmind reader)', () => {
  let directory: string;
  let lookup: CountryLookup;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'geoip-'));
    const file = path.join(directory, 'countries.mmdb');
    fs.writeFileSync(
      file,
      buildMmdb([
        { network: '203.0.113.0/24', data: countryRecord('DE', 'Germany') },
        { network: '198.51.100.0/25', data: countryRecord('FR', 'France') },
        { network: '2001:db8::/32', data: countryRecord('JP', 'Japan') },
        // A record with only the registered country, as for some anycast ranges.
        { network: '192.0.2.0/24', data: { registered_country: { iso_code: 'NL' } } },
        // A record without a usable code must not be counted as a country.
        { network: '100.64.0.0/10', data: { country: { iso_code: 'not a code' } } },
      ]),
    );
    lookup = await openCountryLookup(file);
  });
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it.each([
    ['IPv4 inside a range', '203.0.113.7', 'DE'],
    ['IPv4 at the start of a /25', '198.51.100.0', 'FR'],
    ['IPv4 just past a /25', '198.51.100.128', null],
    ['IPv4 as a dual-stack socket reports it', '::ffff:203.0.113.200', 'DE'],
    ['IPv6 inside a range', '2001:db8:1234::1', 'JP'],
    ['IPv6 outside every range', '2001:db9::1', null],
    ['registered country when no country', '192.0.2.1', 'NL'],
    ['unknown IPv4', '8.8.8.8', null],
    ['record without a usable code', '100.64.1.1', null],
    ['not an address', 'unknown', null],
    ['empty', '', null],
  ])('%s: %s → %s', (_case, address, country) => {
    expect(lookup.countryOf(address)).toBe(country);
  });

  it('refuses a file that is no MaxMind DB', async () => {
    const file = path.join(directory, 'not.mmdb');
    fs.writeFileSync(file, 'hello');
    await expect(openCountryLookup(file)).rejects.toThrow();
  });
});
