// Bundles the server into dist/ with esbuild (the options: build-options.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.mjs';

const dist = new URL('./dist', import.meta.url).pathname;
fs.rmSync(dist, { recursive: true, force: true });
await build(serverBuildOptions);

// esbuild writes strings and templates in ASCII (`charset`) but keeps comments and regular expressions as written,
// and one character beyond Latin-1 in a file ("…", "→") makes V8 hold that whole file's source as two-byte text:
// our largest chunk took 1.5 MB of every server's memory instead of 0.76 MB. In comments such characters become
// "?", one per UTF-16 unit, so every position the source maps name stays where it was. Latin-1 characters ("§",
// "ä") keep V8's one-byte text and stay as they are. One beyond Latin-1 in code (a regular expression's) stops the
// build, naming it: write it as a \u escape.
const beyondLatin1 = /[^\u0000-\u00ff]/g; // eslint-disable-line no-control-regex -- the range starts at U+0000
for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.js')) continue;
  const output = path.join(dist, file);
  const lines = fs.readFileSync(output, 'utf8').split('\n');
  let isChanged = false;
  for (const [index, line] of lines.entries()) {
    if (!beyondLatin1.test(line)) continue;
    beyondLatin1.lastIndex = 0;
    const trimmed = line.trimStart();
    const commentStart = /^(\/\/|\/\*|\*)/.test(trimmed) ? 0 : line.indexOf(' // ');
    const firstFound = line.search(beyondLatin1);
    if (commentStart === -1 || firstFound < commentStart) {
      throw new Error(`${file}:${index + 1}: a character beyond Latin-1 in code; write it as a \\u escape: ${line.trim().slice(0, 120)}`);
    }
    lines[index] = line.replace(beyondLatin1, '?');
    isChanged = true;
  }
  if (isChanged) fs.writeFileSync(output, lines.join('\n'));
}
