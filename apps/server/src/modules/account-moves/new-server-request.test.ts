import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { approvedAddresses, newServerOrigin } from './new-server-request';
import { movedCardsOf } from './account-move';

const production = { allowsLoopback: false, baseUrl: 'https://old.example.com' };
const development = { allowsLoopback: true, baseUrl: 'http://localhost:3000' };

/** The English field message of a refusal. */
function refusalOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fields?.address;
    throw error;
  }
  return undefined;
}

describe('newServerOrigin', () => {
  it.each([
    ['https://cards.example.com', 'https://cards.example.com'],
    ['https://cards.example.com/', 'https://cards.example.com'],
    ['cards.example.com', 'https://cards.example.com'],
    ['HTTPS://Cards.Example.com:8443', 'https://cards.example.com:8443'],
  ])('%s → %s', (typed, origin) => {
    expect(newServerOrigin(typed, production).origin).toBe(origin);
  });

  it.each([
    ['https://cards.example.com/id/x/', 'Enter only'],
    ['https://cards.example.com/?x=1', 'Enter only'],
    ['https://a:b@cards.example.com', 'Enter only'],
    ['ftp://cards.example.com', 'must start with https://'],
    ['http://cards.example.com', 'must start with https://'],
    // In production not even a loopback address over http.
    ['http://127.0.0.1:8080', 'must start with https://'],
    ['http://localhost:8080', 'must start with https://'],
    ['https://old.example.com', 'this server’s own address'],
  ])('refuses %s in production', (typed, words) => {
    expect(refusalOf(() => newServerOrigin(typed, production))).toContain(words);
  });

  it('takes a loopback http address only where loopback is allowed', () => {
    expect(newServerOrigin('http://127.0.0.1:8080', development).origin).toBe('http://127.0.0.1:8080');
    expect(refusalOf(() => newServerOrigin('http://10.0.0.2:8080', development))).toContain('must start with https://');
  });
});

describe('approvedAddresses (the webhooks’ SSRF guard)', () => {
  const resolvingTo = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return error.fields?.address;
      throw error;
    }
    return undefined;
  };

  it.each(['127.0.0.1', '10.0.0.1', '192.168.1.5', '169.254.169.254', '::1', 'fd00::1'])('refuses a host resolving to %s in production', async (address) => {
    const origin = new URL('https://cards.example.com');
    expect(await refusal(approvedAddresses(origin, { ...production, resolve: resolvingTo(address) }))).toContain('private or local network');
  });

  it('takes a public address, and a loopback host only as loopback where allowed', async () => {
    expect(await approvedAddresses(new URL('https://cards.example.com'), { ...production, resolve: resolvingTo('93.184.216.34') })).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await approvedAddresses(new URL('http://127.0.0.1:8080'), development)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    // "localhost" that resolves elsewhere is not loopback.
    expect(await refusal(approvedAddresses(new URL('http://localhost:8080'), { ...development, resolve: resolvingTo('10.0.0.1') }))).toContain('private or local network');
  });
});

describe('movedCardsOf', () => {
  const origin = new URL('https://new.example.com');
  const own = new Set(['a', 'b']);
  it('takes the own cards’ card pages on the entered origin, ignoring other cards', () => {
    expect(
      movedCardsOf(
        { cards: [{ from: 'a', to: 'https://new.example.com/id/ada/' }, { from: 'z', to: 'https://new.example.com/id/z/' }, { from: 'a', to: 'https://new.example.com/id/again/' }] },
        origin,
        own,
      ),
    ).toEqual([{ cardId: 'a', targetUrl: 'https://new.example.com/id/ada/' }]);
  });
  it.each([
    'https://evil.example.com/id/ada/',
    'http://new.example.com/id/ada/',
    'https://new.example.com/id/ada/contact.vcf',
    'https://new.example.com/id/ada/?next=https://evil.example.com',
    'https://new.example.com/admin',
    'https://user@new.example.com/id/ada/',
  ])('refuses the whole answer for %s', (to) => {
    expect(movedCardsOf({ cards: [{ from: 'b', to }] }, origin, own)).toBeNull();
  });
});
