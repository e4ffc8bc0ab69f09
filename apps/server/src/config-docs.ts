import type { z } from 'zod';
import { docsOf, type SettingDocs } from './config-fields';
import { configPieces } from './config';

/*
 * `.env.example` and the variable table of docs/configuration.md, written from the configuration pieces (the
 * variables' schemas and their documentation), so neither can fall behind the code: `npm run config:docs`
 * writes them, and config-docs.test.ts fails when the files in the repository differ.
 */

interface DocumentedVariable {
  name: string;
  docs: SettingDocs;
  /** The value the server uses when the variable is unset, when it is a plain one. */
  plainDefault: string | undefined;
}

function variablesOf(shape: Record<string, z.ZodType>): DocumentedVariable[] {
  return Object.entries(shape).map(([name, schema]) => {
    const docs = docsOf(schema);
    if (!docs) throw new Error(`${name} has no documentation: declare it with documented(schema, { description })`);
    const unset = schema.safeParse(undefined);
    const value = unset.success ? unset.data : undefined;
    const plainDefault = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    // A secret that may come from a file says so where it is documented (config-fields.ts, readSecretFiles).
    const fromFile = docs.fromFile ? ` Or \`${name}_FILE\`: the path of a file holding it (a mounted container secret; see docs/container.md).` : '';
    return { name, docs: { ...docs, description: docs.description + fromFile }, plainDefault };
  });
}

const pieces = () => configPieces.map((piece) => ({ title: piece.title, variables: variablesOf(piece.variables as Record<string, z.ZodType>) }));

/** Markdown's `code` spans become plain text in a shell comment. */
const plain = (text: string) => text.replace(/`/g, '');

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function envExampleText(): string {
  const out = [
    '# Every setting the server reads, generated from the configuration (npm run config:docs; do not edit by hand).',
    '# All are optional: without any, `npm start` runs on the embedded defaults (SQLite file, local files and local',
    '# mailbox under ./data). Copy to .env or set in your process manager. docs/configuration.md explains each.',
  ];
  for (const piece of pieces()) {
    out.push('', `# --- ${piece.title} ${'-'.repeat(Math.max(3, 104 - piece.title.length))}`);
    for (const variable of piece.variables) {
      const shown = variable.docs.shownDefault ? ` Default: ${variable.docs.shownDefault}.` : '';
      for (const line of wrap(plain(variable.docs.description) + shown, 110)) out.push(`# ${line}`);
      out.push(`${variable.name}=${variable.docs.shownDefault ? '' : (variable.plainDefault ?? '')}`);
    }
  }
  return `${out.join('\n')}\n`;
}

const tableCell = (text: string) => text.replace(/\|/g, '\\|');

export function configurationTable(): string {
  const out: string[] = [];
  for (const piece of pieces()) {
    out.push(`### ${piece.title}`, '', '| Variable | Default | What it does |', '|---|---|---|');
    for (const variable of piece.variables) {
      const shownDefault = variable.docs.shownDefault ?? (variable.plainDefault === undefined ? '—' : `\`${variable.plainDefault}\``);
      out.push(`| \`${variable.name}\` | ${tableCell(shownDefault)} | ${tableCell(variable.docs.description)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

export const generatedTableStart = '<!-- The tables below are generated from the configuration: npm run config:docs. Do not edit them by hand. -->';
export const generatedTableEnd = '<!-- End of the generated tables. -->';

/** docs/configuration.md with its generated tables replaced by the current ones; the text around them stays. */
export function withCurrentTables(document: string): string {
  const start = document.indexOf(generatedTableStart);
  const end = document.indexOf(generatedTableEnd);
  if (start < 0 || end < start) throw new Error('docs/configuration.md lacks the generated tables\' markers');
  return `${document.slice(0, start + generatedTableStart.length)}\n\n${configurationTable()}${document.slice(end)}`;
}
