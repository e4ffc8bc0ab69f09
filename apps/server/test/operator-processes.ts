import { execFile } from 'node:child_process';
import path from 'node:path';
import { freePort, spawnServer, waitForHealth, type ServerChild } from './server-child';

/*
 * The operator's commands and the server as real processes from the sources (tsx), the way `npm run admin` and
 * `npm start` run them: in a working folder of the test's choosing (where `.env` is read), with only the
 * environment given. Used by the backup and the CLI tests.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const tsx = import.meta.resolve('tsx');
const tsxEnv = { TSX_TSCONFIG_PATH: path.join(repositoryRoot, 'tsconfig.base.json') };
/** The variables a process needs to run at all; nothing of the test runner's configuration leaks in. */
const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...tsxEnv });

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `apps/server/src/<entry>` with `args` in `cwd` and resolves with what it printed and its exit code. */
export function runCommand(entry: 'admin-cli' | 'jobs-cli' | 'mailbox-cli', args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, path.join(repositoryRoot, `apps/server/src/${entry}.ts`), ...args],
      { cwd: options.cwd, env: { ...baseEnv(), ...options.env }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export interface ServerProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** `apps/server/src/main.ts` from the sources (tsx) on SQLite in `dataDir`, on `port`, with `env` on top; not waited for. */
export function spawnMain(port: number, dataDir: string, env: Record<string, string> = {}): ServerChild {
  return spawnServer(['--import', tsx, path.join(repositoryRoot, 'apps/server/src/main.ts')], {
    cwd: repositoryRoot,
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      BILLING_PROVIDER: 'test',
      LOG_LEVEL: 'warn',
      JOBS_POLL_INTERVAL_MS: '200',
      // Two shared cores and tsx compiling on first use: load shedding would answer a test's requests with 503.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
      ...env,
    },
  });
}

/** Starts `apps/server/src/main.ts` on SQLite in `dataDir` and waits until it answers /healthz. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = spawnMain(port, dataDir, env);
  try {
    await waitForHealth(url, server, 90_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, output: server.output, stop: server.stop };
}
