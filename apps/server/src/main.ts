import { isSupportedNodeVersion, unsupportedNodeMessage } from './node-version';
import { holdOptimizingCompilers } from './optimizing-compilers';
import { holdYoungGenerationGrowth } from './young-generation';

if (!isSupportedNodeVersion(process.versions.node)) {
  console.error(unsupportedNodeMessage(process.versions.node));
  process.exit(1);
}

// NODE_ENV defaults to production (server-config.ts), and the libraries that read it themselves must agree: without
// this, React DOM's server renderer (the public card page) loads its development build when the variable is unset,
// slower and ~5 MB more of memory. Set before the server's modules load, below.
process.env.NODE_ENV ??= 'production';

// The server's modules load behind a dynamic import so that the young generation and the optimizing compilers
// are held before they load (young-generation.ts, optimizing-compilers.ts); a static import would load them first.
const allowYoungGenerationGrowth = holdYoungGenerationGrowth();
const allowOptimizingCompilers = holdOptimizingCompilers();
try {
  const { runServer } = await import('./server');
  await runServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
allowYoungGenerationGrowth();
allowOptimizingCompilers();
