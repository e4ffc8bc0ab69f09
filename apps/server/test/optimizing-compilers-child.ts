// Run by src/optimizing-compilers.test.ts in a process of its own with --allow-natives-syntax (V8 settings are
// per process): prints whether a hot function was optimized while the compilers were held, and after.
import { holdOptimizingCompilers } from '../src/optimizing-compilers';

const nativeCall = (call: string) => new Function('fn', `return ${call}(fn);`) as (fn: unknown) => number;
const optimizationStatus = nativeCall('%GetOptimizationStatus');
// V8's status bits (runtime-test.cc): 1 << 5 Maglev code, 1 << 6 TurboFan code.
const isOptimized = (fn: unknown) => (optimizationStatus(fn) & ((1 << 5) | (1 << 6))) !== 0;

function hot(n: number): number {
  return n * 2 + 1;
}
/** Calls `hot` until V8 optimizes it (it compiles on a thread of its own) or `rounds` rounds have run. */
function callUntilOptimized(rounds: number): boolean {
  for (let round = 0; round < rounds; round += 1) {
    let sum = 0;
    for (let n = 0; n < 10_000; n += 1) sum += hot(n);
    if (sum < 0) throw new Error('unreachable');
    if (isOptimized(hot)) return true;
  }
  return false;
}
// The caller is never optimized itself, so `hot` is not inlined into it and is optimized on its own.
nativeCall('%NeverOptimizeFunction')(callUntilOptimized);

const allowOptimizingCompilers = holdOptimizingCompilers();
const whileHeld = callUntilOptimized(500);
allowOptimizingCompilers();
const afterwards = callUntilOptimized(100_000);
process.stdout.write(`${JSON.stringify({ whileHeld, afterwards })}\n`);
