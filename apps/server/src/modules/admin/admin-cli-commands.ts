import { preorderBatchInput } from '@cardstack/shared/admin/schemas';
import { parseCommandLine, UsageError } from '../../cli';
import { preorderCsv } from '../physical-cards/physical-cards-module';
import { commandLineActor, createBatch, demoteUser, listUsers, promoteUser, resetTwoFactor, type AdminDeps } from './admin-service';
import { englishText } from '@cardstack/shared/i18n/keyed-text';

/*
 * The operator's commands, apart from the process around them (admin-cli.ts) so tests run them:
 * `promote <email>`, `demote <email>`, `reset-two-factor <email>`, `preorders create --product-id … --product-name … --count N`,
 * `users list`.
 */

export const adminCliUsage = `Usage: npm run admin -- <command>
  promote <email>                                                   make an existing account an operator
  demote <email>                                                    take back what promote gave
  reset-two-factor <email>                                          turn two-factor sign-in and passkeys off (a lost phone)
  preorders create --product-id ID --product-name NAME --count N    create N pre-orders; prints CSV (id,url)
  users list [--search TEXT]                                        the newest 50 accounts (or those matching)
  backup <file>                                                     write an encrypted archive of DATA_DIR (the server may run)
  restore <file>                                                    put an archive back into an empty DATA_DIR
Settings come from the environment and .env, as the server reads them. backup and restore need BACKUP_PASSPHRASE
(or BACKUP_PASSPHRASE_FILE); see docs/backups.md.`;

const adminOptions = {
  'product-id': { type: 'string' },
  'product-name': { type: 'string' },
  count: { type: 'string' },
  search: { type: 'string' },
} as const;

/** The command line's words and options, checked against the usage; a UsageError says what does not fit. */
export function parseAdminCommand(args: readonly string[]) {
  const { positionals, values } = parseCommandLine(args, adminOptions);
  const [command = '', subcommand, ...extra] = positionals;
  const shapes: Record<string, { subcommand?: string; options: readonly string[] }> = {
    promote: { options: [] },
    demote: { options: [] },
    'reset-two-factor': { options: [] },
    preorders: { subcommand: 'create', options: ['product-id', 'product-name', 'count'] },
    users: { subcommand: 'list', options: ['search'] },
    backup: { options: [] },
    restore: { options: [] },
  };
  const shape = shapes[command];
  if (!shape) throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
  if (!subcommand || extra.length > 0 || (shape.subcommand && subcommand !== shape.subcommand)) {
    throw new UsageError(`"${command}" takes ${shape.subcommand ? `"${shape.subcommand}"` : 'one argument'}.`);
  }
  const misplaced = Object.keys(values).filter((name) => !shape.options.includes(name));
  if (misplaced.length > 0) throw new UsageError(`"${command}" takes no --${misplaced.join(', --')}.`);
  return { command, subcommand, values };
}

export async function runAdminCommand(deps: AdminDeps, args: readonly string[], out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  let parsed: ReturnType<typeof parseAdminCommand>;
  try {
    parsed = parseAdminCommand(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(error.message);
    err(adminCliUsage);
    return 2;
  }
  const { command, subcommand, values } = parsed;
  if (command === 'promote') {
    try {
      const promoted = await promoteUser(deps, commandLineActor, subcommand);
      err(`${promoted.email} is now an operator: /admin is open to them.`);
      return 0;
    } catch (error) {
      err(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  if (command === 'demote') {
    try {
      const demoted = await demoteUser(deps, commandLineActor, subcommand);
      if (demoted.isStillOperatorByConfig) {
        err(`${demoted.email} is still an operator: ADMIN_EMAILS lists the address. Remove it there and restart the server.`);
        return 1;
      }
      err(demoted.wasPromoted ? `${demoted.email} is no longer an operator: /admin is closed to them.` : `${demoted.email} was not an operator; nothing changed.`);
      return 0;
    } catch (error) {
      err(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  if (command === 'reset-two-factor') {
    try {
      const reset = await resetTwoFactor(deps, commandLineActor, subcommand);
      const passkeys = reset.passkeyCount === 1 ? '1 passkey' : `${reset.passkeyCount} passkeys`;
      err(
        `${reset.email}: two-factor sign-in is off (it was ${reset.hadTwoFactor ? 'on' : 'already off'}), ${passkeys} removed, every session ended. ` +
          'The user was mailed; they sign in with their password and can turn two-factor sign-in on again in Settings.',
      );
      return 0;
    } catch (error) {
      err(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  if (command === 'preorders') {
    const batch = preorderBatchInput.safeParse({ productId: values['product-id'] ?? '', productName: values['product-name'] ?? '', count: values.count ?? '' });
    if (!batch.success) {
      for (const issue of batch.error.issues) err(`--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${englishText(issue.message)}`);
      err(adminCliUsage);
      return 2;
    }
    const created = await createBatch(deps, commandLineActor, batch.data);
    // The CSV on standard output (redirect it to a file for the printer); the summary on standard error.
    out(preorderCsv(deps.baseUrl, created.ids).trimEnd().replace(/\r\n/g, '\n'));
    err(`Created ${created.ids.length} pre-order(s) of "${batch.data.productName}" (batch ${created.batchId}).`);
    return 0;
  }
  if (command === 'users') {
    const { users, total } = await listUsers(deps, values.search ?? '', 1);
    for (const user of users) {
      const flags = [user.isAdmin ? 'operator' : '', user.isDisabled ? 'disabled' : ''].filter(Boolean).join(',');
      out(`${user.id}  ${user.email}  ${user.plan}  ${user.createdAt.slice(0, 10)}${flags ? `  ${flags}` : ''}`);
    }
    err(`${users.length} of ${total} account(s).`);
    return 0;
  }
  // backup and restore run without the composed services (admin-cli.ts).
  err(`"${command}" runs as its own process: npm run admin -- ${command} <file>`);
  return 2;
}
