import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from './config';
import { envExampleText, withCurrentTables } from './config-docs';

/* `.env.example` and docs/configuration.md are generated from the configuration pieces; these fail when they drift. */

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the configuration documents', () => {
  it('.env.example is what the configuration says (run npm run config:docs)', () => {
    expect(read('.env.example')).toBe(envExampleText());
  });

  it("docs/configuration.md's tables are what the configuration says (run npm run config:docs)", () => {
    const document = read('docs/configuration.md');
    expect(document).toBe(withCurrentTables(document));
  });

  it('.env.example, copied as it is, starts the server on its defaults', () => {
    const config = loadConfig(parseEnv(read('.env.example')));
    expect(config).toMatchObject({ port: 3000, billingProvider: 'test', trustProxy: false, storage: { s3: undefined }, mail: { smtpUrl: undefined } });
  });

  it("compose.yaml's servers pass on every variable of .env.example but the container's own", () => {
    const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, { environment: Record<string, unknown> }> };
    const containersOwn = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'WEB_DIST_DIR'];
    const documented = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!).filter((name) => !containersOwn.includes(name));
    for (const name of ['app', 'app-1', 'app-2']) {
      const passed = Object.keys(compose.services[name]!.environment);
      expect(documented.filter((variable) => !passed.includes(variable)), `${name} leaves out`).toEqual([]);
      expect(passed.filter((variable) => containersOwn.includes(variable)), `${name} passes on the container's own`).toEqual([]);
    }
  });
});
