import { describe, expect, it } from 'vitest';
import { isSupportedNodeVersion, minimumNodeVersion } from './node-version';

describe('isSupportedNodeVersion', () => {
  it.each([
    ['20.20.2', false],
    ['22.21.9', false],
    ['22.22.0', true],
    ['22.23.3', true],
    ['23.0.0', true],
    ['24.0.0', true],
    ['24.21.0', true],
    ['26.1.0', true],
    ['8.30.0', false],
  ])('%s → %s', (version, expected) => {
    expect(isSupportedNodeVersion(version)).toBe(expected);
  });

  it('is the floor package.json names', async () => {
    const { default: manifest } = await import('../../../package.json', { with: { type: 'json' } });
    expect(manifest.engines.node).toBe(`>=${minimumNodeVersion}`);
  });
});
