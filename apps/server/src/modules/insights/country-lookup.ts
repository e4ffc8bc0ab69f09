import fs from 'node:fs/promises';
import net from 'node:net';
import type { CountryResponse } from 'maxmind';

/** The country of a visitor's address, from the operator's local GeoIP database. */
export interface CountryLookup {
  /** The ISO 3166-1 alpha-2 code (`DE`), or null when the database knows no country for the address. */
  countryOf(address: string): string | null;
}

const isoCode = /^[A-Z]{2}$/;

/**
 * Opens a MaxMind-format (.mmdb) country or city database and answers from memory; the reader library is loaded
 * only here, so an instance without a database never loads it. The address is looked up and forgotten: nothing
 * of it is kept, only the country counts.
 */
export async function openCountryLookup(file: string): Promise<CountryLookup> {
  const { Reader } = await import('maxmind');
  const reader = new Reader<CountryResponse>(await fs.readFile(file));
  return {
    countryOf(address) {
      // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d; the database files them under their IPv4 form.
      const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
      if (net.isIP(plain) === 0) return null;
      let record: CountryResponse | null;
      try {
        record = reader.get(plain);
      } catch {
        // An IPv6 address asked of an IPv4-only database.
        return null;
      }
      // Country and city databases (GeoLite2, GeoIP2, DB-IP lite) share these fields; a file may lack either.
      const code: unknown = record?.country?.iso_code ?? record?.registered_country?.iso_code;
      return typeof code === 'string' && isoCode.test(code) ? code : null;
    },
  };
}
