import fs from 'node:fs';
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashingThreads, scryptParameters, type HashingThreads } from './hashing-threads';

let threads: HashingThreads | undefined;
afterEach(async () => {
  await threads?.close();
  threads = undefined;
});

/** The threads of this process with their nice value (Linux). */
function niceValues(): Map<string, number> {
  const values = new Map<string, number>();
  for (const id of fs.readdirSync('/proc/self/task')) {
    // After the command name in parentheses: state is the 1st field, nice the 17th.
    const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    values.set(id, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return values;
}

const expectedKey = (password: string, salt: string) =>
  crypto.scryptSync(password.normalize('NFKC'), salt, scryptParameters.keyLength, { ...scryptParameters, maxmem: 256 * scryptParameters.N * scryptParameters.r }).toString('hex');

describe('the hashing threads', () => {
  it('derive what scrypt derives, for several hashes at once', async () => {
    threads = createHashingThreads({ count: 2, niceness: 0 });
    const passwords = ['first password', 'second', 'Ångström ﬁ', 'fourth'];
    const keys = await Promise.all(passwords.map((password) => threads!.derive(password, 'salt')));
    expect(keys).toEqual(passwords.map((password) => expectedKey(password, 'salt')));
  });

  it.skipIf(process.platform !== 'linux')('run at the nice value they are given, the rest of the process keeps its own', async () => {
    const before = niceValues();
    threads = createHashingThreads({ count: 1, niceness: 15 });
    await threads.derive('a password', 'salt');
    const added = [...niceValues()].filter(([id]) => !before.has(id));
    expect(added.map(([, nice]) => nice)).toContain(15);
    expect(niceValues().get(String(process.pid))).toBe(before.get(String(process.pid)));
  });

  it('end after being idle, and start again for the next hash', async () => {
    const count = () => fs.readdirSync('/proc/self/task').length;
    const before = count();
    threads = createHashingThreads({ count: 1, niceness: 0, idleMs: 50 });
    await threads.derive('a password', 'salt');
    expect(count()).toBeGreaterThan(before);
    for (let waited = 0; count() > before && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count()).toBe(before);
    await expect(threads.derive('again', 'salt')).resolves.toBe(expectedKey('again', 'salt'));
  });

  it('refuse what waits when closed', async () => {
    threads = createHashingThreads({ count: 1, niceness: 0 });
    const failures = ['first', 'second'].map((password) => threads!.derive(password, 'salt').catch((error: Error) => error.message));
    await threads.close();
    expect(await Promise.all(failures)).toEqual(['the server is closing', 'the server is closing']);
  });
});
