import { isSupportedNodeVersion, unsupportedNodeMessage } from './node-version';
import { holdYoungGenerationGrowth } from './young-generation';

if (!isSupportedNodeVersion(process.versions.node)) {
  console.error(unsupportedNodeMessage(process.versions.node));
  process.exit(1);
}

// The server's modules load behind a dynamic import so that the young generation is held before they load
// (young-generation.ts); a static import would load them first.
const allowYoungGenerationGrowth = holdYoungGenerationGrowth();
try {
  const { runServer } = await import('./server');
  await runServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
allowYoungGenerationGrowth();
