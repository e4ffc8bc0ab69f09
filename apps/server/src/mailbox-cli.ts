// `npm run mailbox`: lists the local mailbox (DATA_DIR/mailbox); `npm run mailbox -- latest` prints the newest
// message, `npm run mailbox -- show N` prints message N of the list.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { loadConfig } from './config';
import { loadEnvFile } from './env-file';

loadEnvFile();
const config = loadConfig();
const mailbox = path.join(config.dataDir, 'mailbox');
const files = fs.existsSync(mailbox) ? fs.readdirSync(mailbox).filter((name) => name.endsWith('.eml')).sort() : [];
const [command, argument] = process.argv.slice(2);

if (files.length === 0) {
  console.warn(`The local mailbox (${mailbox}) is empty.`);
} else if (command === 'latest' || command === 'show') {
  const index = command === 'latest' ? files.length - 1 : Number(argument) - 1;
  const file = files[index];
  if (!file) {
    console.error(`There is no message ${argument}; the mailbox has ${files.length}.`);
    process.exit(1);
  }
  const parsed = await simpleParser(fs.readFileSync(path.join(mailbox, file)));
  process.stdout.write(`From: ${parsed.from?.text ?? ''}\nTo: ${[parsed.to].flat().map((to) => to?.text).join(', ')}\nDate: ${parsed.date?.toISOString() ?? ''}\nSubject: ${parsed.subject ?? ''}\n\n${parsed.text ?? ''}\n`);
} else {
  files.forEach((file, index) => process.stdout.write(`${index + 1}. ${file}\n`));
  process.stdout.write(`\n${files.length} message(s) in ${mailbox}. Show one with: npm run mailbox -- show N\n`);
}
