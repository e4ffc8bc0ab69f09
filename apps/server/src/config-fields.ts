import fs from 'node:fs';
import { z } from 'zod';

/*
 * What every module's piece of the configuration is made of (decision 0039): the variables it reads, each a zod
 * schema carrying its documentation; its cross-field checks; and how it turns them into the values the module
 * receives. `config.ts` merges the pieces into one schema and one error report; `.env.example` and the table in
 * docs/configuration.md are generated from the same pieces (`npm run config:docs`), and a test fails when they drift.
 */

/** What a variable means, for `.env.example` and docs/configuration.md. */
export interface SettingDocs {
  /** What it does, in full sentences. */
  description: string;
  /** How the default reads when it is not a plain value (`generated`, `http://localhost:$PORT`). */
  shownDefault?: string;
  /** A secret that may also come from a file: `<NAME>_FILE` holds the path (`readSecretFiles`). */
  fromFile?: boolean;
}

/** Documents a variable's schema (zod's metadata, read back by the generators). */
export function documented<T extends z.ZodType>(schema: T, docs: SettingDocs): T {
  return schema.meta({ ...docs }) as T;
}

export function docsOf(schema: z.ZodType): SettingDocs | undefined {
  const meta = schema.meta() as Partial<SettingDocs> | undefined;
  return meta?.description
    ? { description: meta.description, ...(meta.shownDefault ? { shownDefault: meta.shownDefault } : {}), ...(meta.fromFile ? { fromFile: true } : {}) }
    : undefined;
}

/** A secret's schema, documented: the variable itself or `<NAME>_FILE`, the path of a file holding it. */
export function secret<T extends z.ZodType>(schema: T, docs: SettingDocs): T {
  return documented(schema, { ...docs, fromFile: true });
}

/**
 * The one rule for secrets mounted as files (Docker and Kubernetes secrets, systemd credentials): for each name in
 * `names`, `<NAME>_FILE` is the path of a file whose text is the value, its trailing line break dropped. Setting
 * both the variable and its `_FILE` is an error naming both (which one would win is a guess); so is a file that
 * cannot be read or is empty. Answers the environment with the values filled in, and the problems as
 * `[variable, message]` pairs for the configuration's one report.
 */
export function readSecretFiles(env: Record<string, string | undefined>, names: readonly string[]): { env: Record<string, string | undefined>; issues: [string, string][] } {
  const filled = { ...env };
  const issues: [string, string][] = [];
  for (const name of names) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      issues.push([`${name}, ${fileVariable}`, `set ${name} or ${fileVariable}, not both`]);
      continue;
    }
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
      issues.push([fileVariable, `cannot read the file ${file} (${reason})`]);
      continue;
    }
    if (text.trim() === '') issues.push([fileVariable, `the file ${file} is empty`]);
    else filled[name] = text;
  }
  return { env: filled, issues };
}

/** The settings every piece may read besides its own: where the server runs. */
export interface CoreSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  BASE_URL?: string | undefined;
}

export interface ConfigPiece<Shape extends z.ZodRawShape, Value extends object> {
  /** The heading of the piece's variables in `.env.example` and the docs. */
  title: string;
  variables: Shape;
  /** Checks across variables (both or neither, one needs another); the issue's path names the variable to fix. */
  check?(env: z.output<z.ZodObject<Shape>>, core: CoreSettings, ctx: z.RefinementCtx): void;
  /** The piece's part of the configuration the app receives. */
  build(env: z.output<z.ZodObject<Shape>>, core: CoreSettings): Value;
}

/** Declares a piece (the function only keeps the types of `check` and `build` tied to the variables). */
export function configPiece<Shape extends z.ZodRawShape, Value extends object>(piece: ConfigPiece<Shape, Value>): ConfigPiece<Shape, Value> {
  return piece;
}

export class ConfigError extends Error {}

export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A whole number of at least `min`, with a default. */
export const wholeNumber = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/** localhost, 127.0.0.0/8 and ::1: a developer's machine or a test, never a deployment others reach. */
export function isLocalhostUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * A certificate, key or service-account JSON: the value itself (PEM text starting `-----BEGIN`, JSON starting
 * `{`) or the path of a file holding it, read once at start-up.
 */
export const textOrFile = optionalString.transform((value, ctx): string | undefined => {
  if (value === undefined) return undefined;
  // PEM in one environment line often arrives with its line breaks written as \n.
  if (value.startsWith('-----BEGIN')) return value.replace(/\\n/g, '\n');
  if (value.startsWith('{')) return value;
  try {
    return fs.readFileSync(value, 'utf8');
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be the PEM/JSON text itself or the path of a readable file (cannot read ${value})` });
    return z.NEVER;
  }
});

/** "Set both A and B, or neither": the issue names the one missing. */
export function bothOrNeither(ctx: z.RefinementCtx, first: [name: string, value: unknown], second: [name: string, value: unknown], message: string): void {
  if (Boolean(first[1]) !== Boolean(second[1])) ctx.addIssue({ code: 'custom', path: [first[1] ? second[0] : first[0]], message });
}
