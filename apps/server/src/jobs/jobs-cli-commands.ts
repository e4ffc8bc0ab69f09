import { parseCommandLine, UsageError } from '../cli';
import { jobStatuses, type JobAdmin, type JobStatus } from './job-queue';

/*
 * The operator's job commands, apart from the process around them (jobs-cli.ts) so tests run them on both
 * engines: `counts`, `list [--status S]`, `retry <id>`.
 */

export const jobsCliUsage = `Usage: npm run jobs -- <command>
  counts                 jobs per status (${jobStatuses.join(', ')})
  list [--status S]      the newest 100 jobs, or those with status S
  retry <id>             run a failed or dead job again
Settings (DATA_DIR, DATABASE_URL) come from the environment and .env, as the server reads them.`;

/** The command line, checked against the usage; a UsageError says what does not fit. */
export function parseJobsCommand(args: readonly string[]): { command: 'counts' } | { command: 'list'; status?: JobStatus } | { command: 'retry'; id: string } {
  const { positionals, values } = parseCommandLine(args, { status: { type: 'string' } });
  const [command = '', ...rest] = positionals;
  if (values.status !== undefined && command !== 'list') throw new UsageError(`--status goes with list.`);
  if (command === 'counts' && rest.length === 0) return { command };
  if (command === 'list' && rest.length === 0) {
    if (values.status === undefined) return { command };
    if (!jobStatuses.includes(values.status as JobStatus)) throw new UsageError(`Unknown status "${values.status}": use one of ${jobStatuses.join(', ')}.`);
    return { command, status: values.status as JobStatus };
  }
  if (command === 'retry' && rest.length === 1) return { command, id: rest[0]! };
  throw new UsageError(command ? `"${command}" does not fit the usage.` : 'Name a command.');
}

/** Runs one command: results on `out`, what went wrong on `err` (both `out` when only one is given). */
export async function runJobsCommand(admin: JobAdmin, args: readonly string[], out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  let parsed: ReturnType<typeof parseJobsCommand>;
  try {
    parsed = parseJobsCommand(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(error.message);
    err(jobsCliUsage);
    return 2;
  }
  if (parsed.command === 'counts') {
    const counts = await admin.counts();
    for (const status of jobStatuses) out(`${status.padEnd(8)} ${counts[status]}`);
    return 0;
  }
  if (parsed.command === 'list') {
    const { status } = parsed;
    const jobs = await admin.list(status ? { status } : {});
    for (const job of jobs) {
      out(`${job.id}  ${job.status.padEnd(7)}  ${job.kind.padEnd(24)}  attempts ${job.attempts}  run at ${job.runAt}${job.lastError ? `  last error: ${job.lastError}` : ''}`);
    }
    out(`${jobs.length} job(s)${status ? ` with status ${status}` : ''}.`);
    return 0;
  }
  if (await admin.retry(parsed.id)) {
    out(`Job ${parsed.id} runs again as soon as a runner is free.`);
    return 0;
  }
  err(`No failed or dead job has the id ${parsed.id}.`);
  return 1;
}
