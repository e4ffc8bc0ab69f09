import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The SPA's data layer, as a rule a change cannot quietly break (docs/decisions/0044-the-spas-data-layer.md):
 * requests go through the API client (which parses every answer with its schema) from one file per endpoint,
 * and every form is a react-hook-form form checked by a zod schema. The lint rule keeps the API client's
 * requests inside features/<name>/api/; this test keeps fetch inside the client and forms on the form library.
 */

const src = import.meta.dirname;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'vendor' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(src).map((file) => ({ name: path.relative(src, file), text: fs.readFileSync(file, 'utf8') }));

describe('the data layer', () => {
  it('sends requests only from the API client (and the session store the first screen needs without it)', () => {
    const callers = files.filter((file) => /\bfetch\(|new XMLHttpRequest\(/.test(file.text)).map((file) => file.name);
    // Besides: the service worker (a runtime of its own, whose job is answering requests) and the page's side of
    // it, which asks for the session and the cards once the worker is installed so they are kept for offline use.
    expect(callers.sort()).toEqual(['lib/api-client.ts', 'lib/offline/service-worker-client.ts', 'lib/session.ts', 'service-worker/sw.ts']);
  });

  it('builds every form with react-hook-form and a zod resolver', () => {
    const forms = files.filter((file) => /<form\b/.test(file.text));
    expect(forms.length).toBeGreaterThan(20);
    const handBuilt = forms.filter((file) => !/from 'react-hook-form'/.test(file.text) || !/zodResolver\(/.test(file.text)).map((file) => file.name);
    expect(handBuilt).toEqual([]);
  });

  it('keeps each feature’s endpoints in features/<name>/api/, each file naming its schema', () => {
    const endpointFiles = files.filter((file) => /^features\/[^/]+\/api\//.test(file.name));
    const requesting = endpointFiles.filter((file) => /\b(api\.(get|post|put|patch|delete)|uploadWithProgress)\(/.test(file.text));
    expect(requesting.length).toBeGreaterThan(60);
    for (const file of requesting) expect(file.text, file.name).toMatch(/from '@cardstack\/shared\//);
  });
});
