/**
 * What a wallet pass costs: making and signing one Apple pass (images, pass.json, manifest, PKCS#7 signature) and
 * signing one Google save link, with development credentials, and the visitor's download of a stored pass through
 * the route (Fastify inject, SQLite). Run: npm run bench:wallet [-- runs]
 */
import { performance } from 'node:perf_hooks';
import { allPassFields } from '@cardstack/shared/wallet/schemas';
import { buildPassJson, signPass } from '../apps/server/src/modules/wallet/apple-pass';
import { genericClassOf, genericObjectOf, saveLinkOf } from '../apps/server/src/modules/wallet/google-wallet';
import { passImages } from '../apps/server/src/modules/wallet/pass-images';
import { createDevelopmentCredentials } from '../apps/server/src/modules/wallet/wallet-credentials';
import { buyPro } from '../apps/server/test/billing-support';
import { createTestApp, TestClient } from '../apps/server/test/test-app';

process.env.TEST_DB = 'sqlite';
const runs = Number(process.argv[2] ?? 30);
const print = (line: string) => process.stdout.write(`${line}\n`);

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, min ${sorted[0]!.toFixed(2)} ms`;
}
async function time(label: string, action: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await action();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await action();
    samples.push(performance.now() - start);
  }
  print(`${label}: ${summarise(samples)} (${runs} runs)`);
}

const card = {
  id: 'bench-card',
  title: 'Work',
  username: 'ada-lovelace',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  companyName: 'Engines Ltd',
  phone: '+44 20 7946 0000',
  phones: ['+44 20 7946 0001'],
  email: 'ada@example.com',
  emails: [],
  address: '12 St James Square, London',
  addresses: [],
  profilePicture: { url: null },
};
const colours = { foregroundColor: '#111827', labelColor: '#6b7280', backgroundColor: '#ffffff' };

const start = performance.now();
const credentials = createDevelopmentCredentials();
print(`development credentials made once: ${(performance.now() - start).toFixed(0)} ms`);

let size = 0;
await time('Apple pass made and signed', async () => {
  const passJson = buildPassJson(card, { ...allPassFields, ...colours }, {
    passTypeId: credentials.apple.passTypeId,
    teamId: credentials.apple.teamId,
    serialNumber: card.id,
    publicUrl: 'https://cards.example.com/id/bench-card/',
    webServiceUrl: 'https://cards.example.com/api/wallet/apple/',
    authenticationToken: 'x'.repeat(43),
    organizationName: 'cards.example.com',
  });
  const body = await signPass(passJson, await passImages(colours, null), credentials.apple);
  size = body.length;
});
print(`Apple pass size: ${size} bytes`);

let linkLength = 0;
await time('Google save link signed', async () => {
  const context = { issuerId: credentials.google.issuerId, publicUrl: 'https://cards.example.com/id/bench-card/', baseUrl: 'https://cards.example.com' };
  const settings = { ...allPassFields, backgroundColor: '#ffffff' };
  const pass = { genericClass: genericClassOf(card, settings, context), genericObject: genericObjectOf(card, settings, context) };
  // With Google's API: the class (its labels in every language) is in Google's store, the link carries the object.
  const link = await saveLinkOf(credentials.google, pass, { origins: ['https://cards.example.com'], nowSeconds: 1_800_000_000, api: { ensureClass: async () => undefined, insertObject: async () => undefined } });
  linkLength = link.url.length;
});
print(`Google save link length: ${linkLength} characters (budget 1800)`);

const t = await createTestApp();
try {
  const owner = new TestClient(t.app);
  await owner.register({ name: 'Bench Owner' });
  await buyPro(owner);
  const created = (await owner.post('/api/cards', { name: 'Ada Lovelace', jobTitle: 'Analyst', email: 'ada@example.com' })).json().card as { id: string };
  await t.services.jobs.runDue();
  await time('visitor download of the stored pass (GET /id/:key/apple-wallet.pkpass)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/id/${created.id}/apple-wallet.pkpass`, remoteAddress: '203.0.113.9' });
    if (response.statusCode !== 200) throw new Error(`download answered ${response.statusCode}`);
  });
} finally {
  await t.close();
}
