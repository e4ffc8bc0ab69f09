import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * Which Node versions the project supports is said in four places that must agree: `engines` in package.json
 * (the floor), the Node CI tests that floor on (.ci/node22), the Node everything else runs on (.nvmrc, CI's
 * primary), and the dependencies' own `engines`. The floor is the lowest version every dependency accepts
 * (decision 0029): a dependency upgrade that needs more fails here, not on an operator's server.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const manifest = (file: string) => JSON.parse(read(file)) as { engines?: { node?: string }; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

const floorRange = manifest('package.json').engines?.node ?? '';
const floor = semver.minVersion(floorRange)!.version;
const workspaces = ['package.json', 'apps/server/package.json', 'apps/web/package.json', 'packages/shared/package.json', 'packages/card-view/package.json'];

/** A dependency's installed manifest, from the workspace's own node_modules or the hoisted one. */
function installedManifest(workspace: string, name: string) {
  for (const folder of [path.dirname(workspace), '.']) {
    const file = path.join(folder, 'node_modules', name, 'package.json');
    if (fs.existsSync(path.join(root, file))) return manifest(file);
  }
  throw new Error(`${name} (of ${workspace}) is not installed`);
}

describe('supported Node versions', () => {
  it('CI tests the floor `engines` names, and runs everything else on the Node 24 .nvmrc names', () => {
    expect(floorRange).toMatch(/^>=\d+\.\d+\.\d+$/);
    expect(read('.ci/node22')).toContain(`version=${floor}\n`);
    const primary = read('.nvmrc').trim();
    expect(semver.valid(primary), '.nvmrc names a full version').not.toBeNull();
    expect(semver.major(primary)).toBe(24);
    expect(semver.satisfies(primary, floorRange)).toBe(true);
  });

  it('every dependency accepts the floor and Node 24', () => {
    const refusing: string[] = [];
    for (const workspace of workspaces) {
      const { dependencies = {}, devDependencies = {} } = manifest(workspace);
      for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
        if (name.startsWith('@cardstack/')) continue;
        const range = installedManifest(workspace, name).engines?.node;
        if (!range) continue;
        for (const version of [floor, read('.nvmrc').trim()]) {
          if (!semver.satisfies(version, range)) refusing.push(`${name} needs node ${range}, not ${version}`);
        }
      }
    }
    expect(refusing).toEqual([]);
  });
});
