import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { createHashingThreads } from './hashing-threads';
import { createPasswordHashing } from './password-hashing';
import { createPasswordPlaces } from './password-places';

/** A piece of work the test finishes by hand, recording when it started. */
function manualWork(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: async () => (log.push(`start ${name}`), await done, name), finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('places for password hashes', () => {
  it.each([
    { inProgress: 1, waiting: 0, started: 1, refused: 3 },
    { inProgress: 1, waiting: 2, started: 1, refused: 1 },
    { inProgress: 2, waiting: 1, started: 2, refused: 1 },
    { inProgress: 4, waiting: 16, started: 4, refused: 0 },
  ])('with $inProgress at once and $waiting waiting, 4 at once: $started start, $refused refused', async ({ inProgress, waiting, started, refused }) => {
    const log: string[] = [];
    const places = createPasswordPlaces({ inProgress, waiting });
    const withPlace = <T,>(work: () => Promise<T>) => places.run(work, () => new Error('busy'));
    const works = ['a', 'b', 'c', 'd'].map((name) => manualWork(log, name));
    const results = works.map(({ work }) => withPlace(work).catch((error: Error) => error.message));
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d'].slice(0, started));
    // Full exactly when one more would be refused.
    expect(places.isFull()).toBe(inProgress + waiting <= 4);

    // Each finished hash hands its place to the next waiting one, in arrival order.
    for (const { finish } of works) {
      finish();
      await tick();
    }
    const answers = await Promise.all(results);
    expect(answers.filter((answer) => answer === 'busy')).toHaveLength(refused);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d'].slice(0, 4 - refused));
  });

  it('frees the place of work that fails', async () => {
    const places = createPasswordPlaces({ inProgress: 1, waiting: 0 });
    const withPlace = <T,>(work: () => Promise<T>) => places.run(work, () => new Error('busy'));
    await expect(withPlace(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(places.isFull()).toBe(false);
    await expect(withPlace(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('password hashing', () => {
  const threads = createHashingThreads({ count: 2, niceness: 0, idleMs: 100 });
  afterAll(() => threads.close());

  it('reads hashes in the auth library’s own format both ways', async () => {
    const hashing = createPasswordHashing(createPasswordPlaces({ inProgress: 2, waiting: 0 }), threads);
    const stored = await hashPassword('correct horse battery');
    expect(await hashing.verify({ hash: stored, password: 'correct horse battery' })).toBe(true);
    expect(await hashing.verify({ hash: stored, password: 'wrong horse battery' })).toBe(false);
    const ours = await hashing.hash('correct horse battery');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.verify({ hash: ours, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: 'wrong horse battery' })).toBe(false);
  });

  it('refuses at once beyond its places with 503 and Retry-After in the auth library’s answer shape', async () => {
    const hashing = createPasswordHashing(createPasswordPlaces({ inProgress: 1, waiting: 0 }), threads);
    const first = hashing.hash('first password');
    const refused = await hashing.hash('second password').catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 503, body: { code: 'OVERLOADED' }, headers: { 'Retry-After': '5' } });
    await first;
    await expect(hashing.hash('third password')).resolves.toMatch(/:/);
  });

  it('answers a hash cut short by the shutdown as a refused one (503, not a server error)', async () => {
    const closing = createHashingThreads({ count: 1, niceness: 0 });
    const hashing = createPasswordHashing(createPasswordPlaces({ inProgress: 1, waiting: 1 }), closing);
    const cutShort = ['first password', 'second password'].map((password) => hashing.hash(password).catch((error: unknown) => error));
    await closing.close();
    for (const error of await Promise.all(cutShort)) expect(error).toMatchObject({ statusCode: 503, body: { code: 'OVERLOADED' } });
  });
});
