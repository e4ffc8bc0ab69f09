import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A production install (`npm ci --omit=dev`) has only what the workspaces list under `dependencies`: a package
 * that shipped code imports but only another workspace (or a devDependency) brings works on a developer's
 * machine through hoisting and breaks on a server. Shipped code is everything under `src/` except tests.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const workspaces = ['apps/server', 'apps/web', 'packages/shared', 'packages/card-view'];
const testFile = /\.(test|contract)\.tsx?$/;
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !testFile.test(entry.name) ? [file] : [];
  });
}

function packageNameOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return builtinModules.includes(name) ? null : name;
}

describe('every workspace declares what its shipped code imports', () => {
  it.each(workspaces)('%s', (workspace) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
    const devDependencies = new Set(Object.keys(manifest.devDependencies ?? {}));
    const undeclared: string[] = [];
    for (const file of sourceFiles(path.join(repositoryRoot, workspace, 'src'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
        const name = packageNameOf(match[2] ?? match[3] ?? match[4] ?? '');
        if (!name || dependencies.has(name)) continue;
        // A type-only import is erased from the build: a devDependency (types) is enough.
        if (match[1] && devDependencies.has(name)) continue;
        undeclared.push(`${name} (${path.relative(repositoryRoot, file)})`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
