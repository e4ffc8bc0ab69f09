import { jobStatuses, type JobAdmin, type JobStatus } from './job-queue';

/*
 * The operator's job commands, apart from the process around them (jobs-cli.ts) so tests run them on both
 * engines: `counts`, `list [--status S]`, `retry <id>`.
 */

export const jobsCliUsage = `Usage: npm run jobs -- <command>
  counts                 jobs per status (${jobStatuses.join(', ')})
  list [--status S]      the newest 100 jobs, or those with status S
  retry <id>             run a failed or dead job again`;

export async function runJobsCommand(admin: JobAdmin, args: readonly string[], out: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'counts') {
    const counts = await admin.counts();
    for (const status of jobStatuses) out(`${status.padEnd(8)} ${counts[status]}`);
    return 0;
  }
  if (command === 'list') {
    let status: JobStatus | undefined;
    if (rest[0] === '--status') {
      if (!jobStatuses.includes(rest[1] as JobStatus)) {
        out(`Unknown status "${rest[1] ?? ''}": use one of ${jobStatuses.join(', ')}.`);
        return 2;
      }
      status = rest[1] as JobStatus;
    } else if (rest.length > 0) {
      out(jobsCliUsage);
      return 2;
    }
    const jobs = await admin.list(status ? { status } : {});
    for (const job of jobs) {
      out(`${job.id}  ${job.status.padEnd(7)}  ${job.kind.padEnd(24)}  attempts ${job.attempts}  run at ${job.runAt}${job.lastError ? `  last error: ${job.lastError}` : ''}`);
    }
    out(`${jobs.length} job(s)${status ? ` with status ${status}` : ''}.`);
    return 0;
  }
  if (command === 'retry' && rest[0]) {
    if (await admin.retry(rest[0])) {
      out(`Job ${rest[0]} runs again as soon as a runner is free.`);
      return 0;
    }
    out(`No failed or dead job has the id ${rest[0]}.`);
    return 1;
  }
  out(jobsCliUsage);
  return 2;
}
