import v8 from 'node:v8';

/*
 * V8 makes new objects in its young generation and doubles that space whenever most of what it holds survives
 * a collection, up to 2 × 16 MB. Starting the server is nothing but that case (every module loaded stays), so
 * a server that has just started holds a young generation at its maximum that idle does not need: 32 MB of its
 * RSS, which V8's memory reducer gives back only after a while, if ever. So growth is held back while the
 * server starts and allowed again once it listens, and traffic grows the space as before.
 *
 * This is code, not a flag an operator must remember: the growth factor is a V8 setting read each time the
 * space grows, so setting it at run time takes effect (the sizes themselves, `--max-semi-space-size`, are fixed
 * when the process starts). An operator who sets the young generation's flags keeps them: nothing is changed then.
 */

/** V8's default: the space doubles each time it grows. */
const defaultGrowthFactor = 2;

/**
 * Holds the young generation at its initial size from now on (Node 24's V8 still resizes it a little, far below
 * its unheld size); returns what allows it to grow again.
 */
export function holdYoungGenerationGrowth(): () => void {
  const operatorFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (/semi[-_]space/.test(operatorFlags)) return () => undefined;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return () => v8.setFlagsFromString(`--semi-space-growth-factor=${defaultGrowthFactor}`);
}
