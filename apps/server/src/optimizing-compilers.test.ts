import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const child = path.join(import.meta.dirname, '../test/optimizing-compilers-child.ts');

/** Runs the child (test/optimizing-compilers-child.ts) in a fresh process with `nodeFlags`. */
function optimizedHotFunction(nodeFlags: string[] = []): { whileHeld: boolean; afterwards: boolean } {
  const result = spawnSync(process.execPath, ['--allow-natives-syntax', ...nodeFlags, '--import', 'tsx', child], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (result.status !== 0) throw new Error(`the child process failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { whileHeld: boolean; afterwards: boolean };
}

// V8 behaviour on the Node version that runs the tests: this is what would tell us a new V8 stopped reading
// the compiler flags at run time.
describe('holding the optimizing compilers while the server starts', () => {
  it('optimizes nothing while held, and a hot function once allowed', () => {
    expect(optimizedHotFunction()).toEqual({ whileHeld: false, afterwards: true });
  });

  it('changes nothing when the operator sets the compiler flags', () => {
    expect(optimizedHotFunction(['--max-opt=3']).whileHeld).toBe(true);
  });
});
