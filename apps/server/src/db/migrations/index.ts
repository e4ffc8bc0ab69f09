import type { Migration, MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../database';
import { columnTypes } from './column-types';
import { authTables } from './0001-auth-tables';
import { mailAndErrors } from './0002-mail-and-errors';
import { cards } from './0003-cards';
import { billing } from './0004-billing';
import { billingCustomers } from './0005-billing-customers';
import { publicCard } from './0006-public-card';
import { contacts } from './0007-contacts';
import { teams } from './0008-teams';
import { jobs } from './0010-jobs';
import { teamImportHolder } from './0011-team-import-holder';
import { rateLimitAndTwoFactor } from './0020-rate-limit-and-two-factor';
import { confirmExistingAddresses } from './0021-confirm-existing-addresses';
import { releasedUsernames } from './0025-released-usernames';
import { contactPermissionsSplit } from './0026-contact-permissions-split';
import { planDowngrades } from './0030-plan-downgrades';
import { contactScans } from './0040-contact-scans';
import { walletPasses } from './0050-wallet-passes';
import { insights } from './0060-insights';
import { integrations } from './0070-integrations';
import { physicalCards } from './0080-physical-cards';
import { designRequests } from './0081-design-requests';
import { operatorConsole } from './0082-operator-console';
import { contactSearchIndex } from './0090-contact-search-index';
import { passkeys } from './0100-passkeys';
import { walletDevicePushes } from './0101-wallet-device-pushes';
import { oauthReplayDetection } from './0103-oauth-replay-detection';
import { dropBetterAuthRateLimit } from './0104-drop-better-auth-rate-limit';
import { walletCredentialWarnings } from './0105-wallet-credential-warnings';
import { billingPriceCache } from './0106-billing-price-cache';
import { cardPageLanguage } from './0107-card-page-language';
import { accountPreferences } from './0108-account-preferences';
import { invitationLanguage } from './0109-invitation-language';
import { contactImports } from './0110-contact-imports';
import { insightsHourly } from './0111-insights-hourly';
import { googlePassClass } from './0112-google-pass-class';
import { accountArchive } from './0113-account-archive';
import { accountMoves } from './0117-account-moves';
import { insightMonthlyCoveringKey } from './0118-insight-monthly-covering-key';

/**
 * One ordered list of migrations for both engines. A migration is a function of the column types
 * so the same file creates the same tables on SQLite and PostgreSQL. Append; never edit a landed one.
 *
 * Numbering: a migration is named `NNNN-what-it-does`, in a file of the same name, and NNNN is its own
 * four-digit number, the next free one at the end of this list (never shared, never reused). Kysely runs
 * migrations in the order of their names and records each name in `kysely_migration`, so the number is
 * the order and the name is permanent. Unused numbers below the last one (0009, 0012–0019, …) stay unused:
 * Kysely refuses a database that ran a higher number before a lower one, so a new migration always takes a
 * number above the last in this list.
 */
const migrations = [
  ['0001-auth-tables', authTables],
  ['0002-mail-and-errors', mailAndErrors],
  ['0003-cards', cards],
  ['0004-billing', billing],
  ['0005-billing-customers', billingCustomers],
  ['0006-public-card', publicCard],
  ['0007-contacts', contacts],
  ['0008-teams', teams],
  ['0010-jobs', jobs],
  ['0011-team-import-holder', teamImportHolder],
  ['0020-rate-limit-and-two-factor', rateLimitAndTwoFactor],
  ['0021-confirm-existing-addresses', confirmExistingAddresses],
  ['0025-released-usernames', releasedUsernames],
  ['0026-contact-permissions-split', contactPermissionsSplit],
  ['0030-plan-downgrades', planDowngrades],
  ['0040-contact-scans', contactScans],
  ['0050-wallet-passes', walletPasses],
  ['0060-insights', insights],
  ['0070-integrations', integrations],
  ['0080-physical-cards', physicalCards],
  ['0081-design-requests', designRequests],
  ['0082-operator-console', operatorConsole],
  ['0090-contact-search-index', contactSearchIndex],
  ['0100-passkeys', passkeys],
  ['0101-wallet-device-pushes', walletDevicePushes],
  ['0103-oauth-replay-detection', oauthReplayDetection],
  ['0104-drop-better-auth-rate-limit', dropBetterAuthRateLimit],
  ['0105-wallet-credential-warnings', walletCredentialWarnings],
  ['0106-billing-price-cache', billingPriceCache],
  ['0107-card-page-language', cardPageLanguage],
  ['0108-account-preferences', accountPreferences],
  ['0109-invitation-language', invitationLanguage],
  ['0110-contact-imports', contactImports],
  ['0111-insights-hourly', insightsHourly],
  ['0112-google-pass-class', googlePassClass],
  ['0113-account-archive', accountArchive],
  ['0117-account-moves', accountMoves],
  ['0118-insight-monthly-covering-key', insightMonthlyCoveringKey],
] as const;

/**
 * Names that databases recorded before a migration was renumbered (two migrations once shared 0004), old →
 * new. They are rewritten in `kysely_migration` before the migrator runs, so an existing database sees its
 * migrations as done under their new names and a fresh one only ever records the new names. A rename
 * goes here, never a changed migration.
 */
export const renamedMigrations: readonly (readonly [from: string, to: string])[] = [
  ['0004-billing-customers', '0005-billing-customers'],
  ['0005-public-card', '0006-public-card'],
  ['0006-contacts', '0007-contacts'],
  ['0007-teams', '0008-teams'],
];

export const migrationNames: readonly string[] = migrations.map(([name]) => name);

export function migrationProvider(dialect: DialectName): MigrationProvider {
  const types = columnTypes(dialect);
  return {
    async getMigrations() {
      const result: Record<string, Migration> = {};
      for (const [name, create] of migrations) result[name] = create(types);
      return result;
    },
  };
}
