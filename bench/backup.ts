/**
 * Backup and restore of a data folder with 1,000 cards, each with a profile image (made through the cards
 * module's use cases on a temporary SQLite database with local file storage): the time of `writeBackup` (SQLite's
 * online backup, the files, scrypt, AES-256-GCM) while the app is open, of `restoreBackup` into a new folder, the
 * archive's size against the folder's, and the process's peak memory (the archive streams: it does not grow with
 * the data). Run: npm run bench:backup [-- cards]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { restoreBackup, writeBackup } from '../apps/server/src/backup/data-dir-backup';
import { createCard } from '../apps/server/src/modules/cards/card-creation';
import { setCardImage } from '../apps/server/src/modules/cards/card-uploads';
import { createTestApp, TestClient } from '../apps/server/test/test-app';

process.env.TEST_DB = 'sqlite';
const cardCount = Number(process.argv[2] ?? 1000);
const passphrase = 'a benchmark passphrase, long enough';

function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

const t = await createTestApp();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-backup-'));
try {
  const client = new TestClient(t.app);
  const { userId } = await client.register({ name: 'Bench User' });
  // Without the card allowance: the seed makes more cards than a Basic plan keeps.
  const deps = { db: t.services.database.db, dialect: t.services.database.dialect, storage: t.services.storage };
  const caller = { userId };
  // A photo-like image (noise does not compress away), re-encoded by the app as an upload would be.
  const raw = crypto.randomBytes(256 * 256 * 3);
  const photo = await sharp(raw, { raw: { width: 256, height: 256, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();

  const seedStart = performance.now();
  for (let index = 0; index < cardCount; index += 1) {
    const card = await createCard(deps, caller, {
      title: `Card ${index}`,
      name: `Ada Lovelace ${index}`,
      companyName: 'Analytical Engines Ltd',
      jobTitle: 'Analyst',
      description: 'Writes programs for machines that do not exist yet.',
      email: `ada-${index}@example.com`,
      links: [{ kind: 'website', url: 'https://example.com', label: '' }],
    });
    await setCardImage(deps, caller, card.id, 'profile', photo);
  }
  const seedMs = performance.now() - seedStart;
  const dataDir = t.services.config.dataDir;
  const before = folderSize(dataDir);
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;

  const archive = path.join(work, 'cards.backup');
  const backupStart = performance.now();
  const written = await writeBackup({ dataDir }, archive, passphrase);
  const backupMs = performance.now() - backupStart;
  const peakDuringBackup = peakRss;

  peakRss = process.memoryUsage().rss;
  const target = path.join(work, 'restored');
  const restoreStart = performance.now();
  const restored = await restoreBackup(archive, target, passphrase);
  const restoreMs = performance.now() - restoreStart;
  const peakDuringRestore = peakRss;
  if (restored.files !== written.files) throw new Error(`restored ${restored.files} files of ${written.files}`);

  process.stdout.write(
    [
      `Seeded ${cardCount} cards with a profile image each in ${seconds(seedMs)} (SQLite, local files; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}).`,
      `Data folder: ${before.files} files, ${mb(before.bytes)} (SQLite file and WAL included).`,
      `Backup  (online, app open): ${seconds(backupMs)}; archive ${mb(fs.statSync(archive).size)} for ${written.files} entries, ${mb(written.bytes)} of content.`,
      `Restore (into a new folder): ${seconds(restoreMs)}; ${restored.files} files, ${mb(restored.bytes)}.`,
      `Process memory (RSS): ${mb(rssBefore)} before; peak ${mb(peakDuringBackup)} during the backup, ${mb(peakDuringRestore)} during the restore (scrypt's 128 MiB included).`,
      '',
    ].join('\n'),
  );
} finally {
  clearInterval(sampler);
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
}
