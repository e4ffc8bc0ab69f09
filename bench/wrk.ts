/**
 * One way to drive a server with wrk (Debian's `wrk`, a C load generator) for the benches that compare with
 * static servers: wrk pinned to one CPU and the server to the other (`taskset`), the open-file limit raised for
 * many connections, wrk's report parsed (requests/s, latency percentiles, socket errors, non-2xx answers) and
 * wrk's own CPU use measured from /proc over the run — a generator busy ≥ 95% of its CPU is the limit, not the
 * server, and the figure is then a floor of what the server does.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The CPU the server runs on and the one wrk runs on; on one CPU both share it (and the figures say little). */
export const serverCpu = '0';
export const generatorCpu = os.cpus().length > 1 ? '1' : '0';
/** wrk at or above this share of its CPU is the bottleneck. */
export const generatorLimit = 0.95;

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A Lua script for wrk (`-s`), e.g. to vary a header per request. */
  script?: string;
  /** Seconds after which wrk counts a request as a timeout. */
  timeoutSeconds?: number;
}

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  latency: { p50: number; p75: number; p90: number; p99: number; max: number };
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  non2xx3xx: number;
  /** wrk's CPU time over its wall time while it ran, 0–1 (of one CPU). */
  generatorCpu: number;
  /** What wrk's Lua `done` printed, when the script has one. */
  scriptOutput: string;
  raw: string;
}

/** Installs Debian's wrk when missing (needs root), as the nginx baseline is. */
export function ensureWrk(): string {
  const found = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  process.stderr.write('wrk is not installed: apt-get install -y wrk\n');
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0) throw new Error(`installing wrk failed (${install.status ?? install.error?.message})`);
  return '/usr/bin/wrk';
}

/** `command` run through sh pinned to `cpu`, with the open-file limit raised as far as the hard limit lets it. */
export function pinned(cpu: string, command: string[]): [string, string[]] {
  const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  // 65536 when allowed; else the hard limit (enough for 1,000 connections on any usual system).
  return ['taskset', ['-c', cpu, 'sh', '-c', `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${quoted}`]];
}

/** Pins a running process (and its threads) to `cpu`. */
export function pinProcess(pid: number, cpu: string): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpu, String(pid)], { stdio: 'ignore' });
  if (result.status !== 0) process.stderr.write(`taskset could not pin process ${pid} to CPU ${cpu}\n`);
}

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime + stime of a process, in seconds; null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit] ?? NaN);
const durationPattern = String.raw`([\d.]+)(us|ms|s|m|h)`;

function latencyOf(output: string, label: string): number {
  const match = new RegExp(String.raw`^\s*${label}\s+${durationPattern}`, 'm').exec(output);
  return match ? toMs(match[1]!, match[2]!) : NaN;
}

export function parseWrk(output: string): Omit<WrkResult, 'generatorCpu' | 'raw'> {
  const total = /(\d+) requests in/.exec(output);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const summary = new RegExp(String.raw`^\s*Latency\s+${durationPattern}\s+${durationPattern}\s+${durationPattern}`, 'm').exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  if (!total || !rate) throw new Error(`could not read wrk's report:\n${output}`);
  const scriptAt = output.indexOf('Transfer/sec:');
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rate[1]),
    latency: {
      p50: latencyOf(output, '50%'),
      p75: latencyOf(output, '75%'),
      p90: latencyOf(output, '90%'),
      p99: latencyOf(output, '99%'),
      max: summary ? toMs(summary[5]!, summary[6]!) : NaN,
    },
    socketErrors: {
      connect: Number(socket?.[1] ?? 0),
      read: Number(socket?.[2] ?? 0),
      write: Number(socket?.[3] ?? 0),
      timeout: Number(socket?.[4] ?? 0),
    },
    non2xx3xx: Number(non2xx?.[1] ?? 0),
    scriptOutput: scriptAt === -1 ? '' : output.slice(output.indexOf('\n', scriptAt) + 1).trim(),
  };
}

/** One wrk run (one thread, pinned to the generator's CPU); resolves with its parsed report and its own CPU use. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const wrk = ensureWrk();
  let scriptFile: string | null = null;
  if (options.script) {
    scriptFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-wrk-')), 'script.lua');
    fs.writeFileSync(scriptFile, options.script);
  }
  const args = [
    wrk,
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    `--timeout`,
    `${options.timeoutSeconds ?? 10}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...(scriptFile ? ['-s', scriptFile] : []),
    options.url,
  ];
  const [command, commandArgs] = pinned(generatorCpu, args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // taskset and sh exec into wrk, so the child's pid is wrk's. Sampled while it runs: the last sample before it
  // exits ends the measured window.
  const pid = child.pid!;
  let first: { at: number; cpu: number } | null = null;
  let last: { at: number; cpu: number } | null = null;
  const sample = () => {
    const cpu = cpuSeconds(pid);
    if (cpu === null) return;
    const point = { at: performance.now(), cpu };
    // Only once wrk itself runs (the sh before exec uses next to nothing).
    if (!first) first = point;
    last = point;
  };
  const sampling = setInterval(sample, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  clearInterval(sampling);
  if (scriptFile) fs.rmSync(path.dirname(scriptFile), { recursive: true, force: true });
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${stderr}${stdout}`);
  const window = first && last ? (last as { at: number }).at - (first as { at: number }).at : 0;
  const used = first && last ? (last as { cpu: number }).cpu - (first as { cpu: number }).cpu : 0;
  return { ...parseWrk(stdout), generatorCpu: window > 0 ? used / (window / 1000) : NaN, raw: stdout };
}

/** The note to print beside a figure that wrk, not the server, limited. */
export function generatorNote(result: Pick<WrkResult, 'generatorCpu'>): string {
  const share = `wrk CPU ${(result.generatorCpu * 100).toFixed(0)}%`;
  return result.generatorCpu >= generatorLimit ? `${share} — WARNING: the generator is the limit, the figure is a floor` : share;
}

export const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
