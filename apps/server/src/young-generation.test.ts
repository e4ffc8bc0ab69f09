import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const child = path.join(import.meta.dirname, '../test/young-generation-child.ts');

/** Runs the child (test/young-generation-child.ts) in a fresh process with `nodeFlags`; its three sizes in bytes. */
function youngGenerationSizes(nodeFlags: string[] = []): { before: number; held: number; grown: number } {
  const result = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', child], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (result.status !== 0) throw new Error(`the child process failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { before: number; held: number; grown: number };
}

// V8 behaviour on the Node version that runs the tests: this is what would tell us a new V8 stopped reading
// the growth factor at run time. Node 20's V8 keeps the space at its initial 4 MB while held (32 MB unheld);
// Node 24's still resizes it a little (2, 4 or 20 MB seen in 90 runs, against 64 MB unheld), so the test asks
// for at most half the unheld size rather than the exact start.
describe('holding the young generation while the server starts', () => {
  it('keeps it well below its unheld size while everything survives, and lets it grow once allowed', () => {
    const sizes = youngGenerationSizes();
    const unheld = youngGenerationSizes(['--semi-space-growth-factor=2']);
    expect(sizes.held).toBeLessThanOrEqual(unheld.held / 2);
    expect(sizes.grown).toBeGreaterThan(sizes.held);
  });

  it('changes nothing when the operator sets the young generation flags', () => {
    const sizes = youngGenerationSizes(['--semi-space-growth-factor=2']);
    expect(sizes.held).toBeGreaterThan(sizes.before);
  });
});
