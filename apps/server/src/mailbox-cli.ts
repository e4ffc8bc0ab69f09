// `npm run mailbox`: lists the local mailbox (DATA_DIR/mailbox, DATA_DIR from the environment and `.env`, cli.ts);
// `npm run mailbox -- latest` prints the newest message, `npm run mailbox -- show N` prints message N of the list.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { parseCommandLine, runCli, UsageError, writeErr, writeOut } from './cli';
import { loadConfig } from './config';

const usage = `Usage: npm run mailbox -- [command]
  (no command)   list the messages in the local mailbox (DATA_DIR/mailbox)
  latest         print the newest message
  show N         print message N of the list
Settings (DATA_DIR) come from the environment and .env, as the server reads them.`;

await runCli(usage, async (args) => {
  const { positionals } = parseCommandLine(args, {});
  const [command, argument, ...extra] = positionals;
  const isShow = command === 'show' && argument !== undefined && /^\d+$/.test(argument) && extra.length === 0;
  if (command !== undefined && !isShow && !(command === 'latest' && argument === undefined)) throw new UsageError(`"${positionals.join(' ')}" does not fit the usage.`);

  const config = loadConfig();
  const mailbox = path.join(config.dataDir, 'mailbox');
  const files = fs.existsSync(mailbox) ? fs.readdirSync(mailbox).filter((name) => name.endsWith('.eml')).sort() : [];
  if (command === undefined) {
    if (files.length === 0) writeErr(`The local mailbox (${mailbox}) is empty.`);
    files.forEach((file, index) => writeOut(`${index + 1}. ${file}`));
    if (files.length > 0) writeOut(`\n${files.length} message(s) in ${mailbox}. Show one with: npm run mailbox -- show N`);
    return 0;
  }
  const index = command === 'latest' ? files.length - 1 : Number(argument) - 1;
  const file = files[index];
  if (!file) {
    writeErr(files.length === 0 ? `The local mailbox (${mailbox}) is empty.` : `There is no message ${argument}; the mailbox has ${files.length}.`);
    return 1;
  }
  const parsed = await simpleParser(fs.readFileSync(path.join(mailbox, file)));
  process.stdout.write(`From: ${parsed.from?.text ?? ''}\nTo: ${[parsed.to].flat().map((to) => to?.text).join(', ')}\nDate: ${parsed.date?.toISOString() ?? ''}\nSubject: ${parsed.subject ?? ''}\n\n${parsed.text ?? ''}\n`);
  return 0;
});
