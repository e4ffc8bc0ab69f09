import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every module has the one shape (module-contract.ts): its entry exports `create<Name>Module`, the composition root
 * creates it, and the module names itself by its folder.
 */

const modulesDir = import.meta.dirname;
const folders = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const factoryName = (folder: string) => `create${folder.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase())}Module`;
const appSource = fs.readFileSync(path.join(modulesDir, '..', 'app.ts'), 'utf8');

describe('the module contract', () => {
  it('finds the module folders', () => {
    expect(folders).toContain('cards');
    expect(factoryName('design-requests')).toBe('createDesignRequestsModule');
  });

  it.each(folders)("%s's entry exports its factory, and app.ts creates it", async (folder) => {
    const entry: Record<string, unknown> = await import(`./${folder}/${folder}-module.ts`);
    expect(typeof entry[factoryName(folder)], `${folder}/${folder}-module.ts exports ${factoryName(folder)}`).toBe('function');
    expect(appSource, `app.ts calls ${factoryName(folder)}(…)`).toContain(`${factoryName(folder)}(`);
    expect(appSource).toMatch(new RegExp(`import \\{[^}]*\\b${factoryName(folder)}\\b[^}]*\\} from './modules/${folder}/${folder}-module'`));
  });

  it('gives each factory its folder as the module name', () => {
    for (const folder of folders) {
      const source = fs.readFileSync(path.join(modulesDir, folder, `${folder}-module.ts`), 'utf8');
      expect(source, `${folder}-module.ts names its module '${folder}'`).toContain(`name: '${folder}'`);
    }
  });
});
