import fs from 'node:fs';
import path from 'node:path';
import { envExampleText, withCurrentTables } from '../apps/server/src/config-docs';

/* Writes .env.example and the tables of docs/configuration.md from the configuration (npm run config:docs). */
const root = path.resolve(import.meta.dirname, '..');
fs.writeFileSync(path.join(root, '.env.example'), envExampleText());
const docsFile = path.join(root, 'docs/configuration.md');
fs.writeFileSync(docsFile, withCurrentTables(fs.readFileSync(docsFile, 'utf8')));
process.stdout.write('wrote .env.example and docs/configuration.md\n');
