import { preorderBatchInput } from '@cardstack/shared/admin/schemas';
import { preorderCsv } from '../physical-cards/physical-cards-module';
import { commandLineActor, createBatch, demoteUser, listUsers, promoteUser, resetTwoFactor, type AdminDeps } from './admin-service';

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
  users list [--search TEXT]                                        the newest 50 accounts (or those matching)`;

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

export async function runAdminCommand(deps: AdminDeps, args: readonly string[], out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  const [command, subcommand, ...rest] = args;
  if (command === 'promote' && subcommand) {
    try {
      const promoted = await promoteUser(deps, commandLineActor, subcommand);
      err(`${promoted.email} is now an operator: /admin is open to them.`);
      return 0;
    } catch (error) {
      err(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  if (command === 'demote' && subcommand) {
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
  if (command === 'reset-two-factor' && subcommand) {
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
  if (command === 'preorders' && subcommand === 'create') {
    const parsed = preorderBatchInput.safeParse({
      productId: option(rest, '--product-id') ?? '',
      productName: option(rest, '--product-name') ?? '',
      count: option(rest, '--count') ?? '',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) err(`--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}`);
      err(adminCliUsage);
      return 2;
    }
    const created = await createBatch(deps, commandLineActor, parsed.data);
    // The CSV on standard output (redirect it to a file for the printer); the summary on standard error.
    out(preorderCsv(deps.baseUrl, created.ids).trimEnd().replace(/\r\n/g, '\n'));
    err(`Created ${created.ids.length} pre-order(s) of "${parsed.data.productName}" (batch ${created.batchId}).`);
    return 0;
  }
  if (command === 'users' && subcommand === 'list') {
    const { users, total } = await listUsers(deps, option(rest, '--search') ?? '', 1);
    for (const user of users) {
      const flags = [user.isAdmin ? 'operator' : '', user.isDisabled ? 'disabled' : ''].filter(Boolean).join(',');
      out(`${user.id}  ${user.email}  ${user.plan}  ${user.createdAt.slice(0, 10)}${flags ? `  ${flags}` : ''}`);
    }
    err(`${users.length} of ${total} account(s).`);
    return 0;
  }
  err(adminCliUsage);
  return 2;
}
