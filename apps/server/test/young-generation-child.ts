// Run by src/young-generation.test.ts in a process of its own (V8 settings are per process): prints the young
// generation's size before, while held (after allocating objects that all survive) and after it may grow again.
import v8 from 'node:v8';
import { holdYoungGenerationGrowth } from '../src/young-generation';

const youngGenerationBytes = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;
const survivors: object[] = [];
const allocateSurvivors = () => {
  for (let n = 0; n < 300_000; n += 1) survivors.push({ n, text: `survivor ${n}` });
};

const allowGrowth = holdYoungGenerationGrowth();
const before = youngGenerationBytes();
allocateSurvivors();
const held = youngGenerationBytes();
allowGrowth();
allocateSurvivors();
const grown = youngGenerationBytes();
process.stdout.write(`${JSON.stringify({ before, held, grown, survivors: survivors.length })}\n`);
