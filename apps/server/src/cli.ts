import { parseArgs } from 'node:util';
import { loadEnvFile } from './env-file';

/*
 * What every operator command (`npm run admin`, `npm run jobs`, `npm run mailbox`) does alike: `--help` prints the
 * usage to standard output and exits 0 before anything is read; `.env` is read as the server reads it
 * (env-file.ts: the environment wins), so a command works on the server's data and addresses; arguments are
 * parsed by `node:util`'s parseArgs, strictly; a wrong command line prints what is wrong and the usage to standard
 * error and exits 2, any other failure its message to standard error and exits 1.
 */

/** A command line that does not fit the usage. */
export class UsageError extends Error {}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** parseArgs, strict, with positionals; what it refuses becomes a UsageError. */
export function parseCommandLine<const O extends Options>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export const isHelpRequest = (args: readonly string[]) => args.includes('--help') || args.includes('-h') || args[0] === 'help';

export const writeOut = (line: string) => void process.stdout.write(`${line}\n`);
export const writeErr = (line: string) => void process.stderr.write(`${line}\n`);

/** Runs a command process: `main` answers the exit code. */
export async function runCli(usage: string, main: (args: readonly string[]) => Promise<number>): Promise<void> {
  const args = process.argv.slice(2);
  if (isHelpRequest(args)) {
    writeOut(usage);
    process.exitCode = 0;
    return;
  }
  try {
    loadEnvFile();
    process.exitCode = await main(args);
  } catch (error) {
    if (error instanceof UsageError) {
      writeErr(error.message);
      writeErr(usage);
      process.exitCode = 2;
    } else {
      writeErr(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    }
  }
}
