import type { Kysely } from 'kysely';
import type { ErrorLogTables } from '../http/error-log-tables';
import type { JobTables } from '../jobs/job-tables';
import type { AccountArchiveTables } from '../modules/account-archive/account-archive-module';
import type { AccountMoveTables } from '../modules/account-moves/account-moves-module';
import type { AdminTables } from '../modules/admin/admin-module';
import type { AuthTables } from '../modules/auth/auth-module';
import type { BillingTables } from '../modules/billing/billing-module';
import type { CardTables } from '../modules/cards/cards-module';
import type { ContactTables } from '../modules/contacts/contacts-module';
import type { DesignRequestTables } from '../modules/design-requests/design-requests-module';
import type { InsightTables } from '../modules/insights/insights-module';
import type { IntegrationTables } from '../modules/integrations/integrations-module';
import type { MailTables } from '../modules/mail/mail-module';
import type { PhysicalCardTables } from '../modules/physical-cards/physical-cards-module';
import type { PlanTables } from '../modules/plans/plans-module';
import type { RateLimitTables } from '../modules/rate-limit/rate-limit-module';
import type { TeamTables } from '../modules/teams/teams-module';
import type { WalletTables } from '../modules/wallet/wallet-module';

/**
 * The whole database, as the composition root and the migrations see it. Each table has one owner, which declares
 * it in its `*-tables.ts` and is the only code that reads or writes it (`table-owners.test.ts`); other modules go
 * through the owner's public entry. Decision 0036.
 */
export type Database = ErrorLogTables
  & JobTables
  & AccountArchiveTables
  & AccountMoveTables
  & AdminTables
  & AuthTables
  & BillingTables
  & CardTables
  & ContactTables
  & DesignRequestTables
  & InsightTables
  & IntegrationTables
  & MailTables
  & PhysicalCardTables
  & PlanTables
  & RateLimitTables
  & TeamTables
  & WalletTables;

export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * A connection or transaction as it crosses a module boundary (a hook run inside the caller's transaction, a
 * read through another module's entry): the receiving module uses it with its own tables only, as
 * `Kysely<TheirTables>`, which any connection is assignable to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every module's tables
export type AnyConnection = Kysely<any>;

/** The tables of a module that owns none (it works through other modules' entries, in its own transactions). */
export type NoTables = Record<never, never>;
