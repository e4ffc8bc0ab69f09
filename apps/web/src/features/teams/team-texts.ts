import type { MemberRole, Permission } from '@cardstack/shared/teams/roles';
import type { ImportJob, ImportOutcome, TeamMember } from '@cardstack/shared/teams/schemas';
import { importCardCreatedMessage } from '@cardstack/shared/teams/import-rows';
import type { TeamMessageId, TeamTranslate } from './messages';

/* The team screens' texts that depend on data (kept apart so they are tested as text), in the app's language. */

/** Role names as people read them; the ids stay the server's. English equals `roleTitles` (team-texts.test.ts). */
export const roleTitleIds = { owner: 'roleOwner', admin: 'roleAdmin', employee: 'roleEmployee' } as const satisfies Record<MemberRole, TeamMessageId>;

/** Each permission's label and what it allows. English equals `permissionTexts` (team-texts.test.ts). */
export const permissionTextIds = {
  metrics: { label: 'permissionMetricsLabel', description: 'permissionMetricsDescription' },
  manageDigitalCards: { label: 'permissionManageDigitalCardsLabel', description: 'permissionManageDigitalCardsDescription' },
  readContacts: { label: 'permissionReadContactsLabel', description: 'permissionReadContactsDescription' },
  manageContacts: { label: 'permissionManageContactsLabel', description: 'permissionManageContactsDescription' },
  userManagement: { label: 'permissionUserManagementLabel', description: 'permissionUserManagementDescription' },
  roles: { label: 'permissionRolesLabel', description: 'permissionRolesDescription' },
} as const satisfies Record<Permission, { label: TeamMessageId; description: TeamMessageId }>;

export const importOutcomeIds = { created: 'outcomeCreated', skipped: 'outcomeSkipped', rejected: 'outcomeRejected' } as const satisfies Record<ImportOutcome, TeamMessageId>;

export function roleTitle(t: TeamTranslate, role: MemberRole): string {
  return t(roleTitleIds[role]);
}

/** What removing a member does to their cards, said before it is done. */
export function removalConsequence(t: TeamTranslate, member: Pick<TeamMember, 'name' | 'cardCount' | 'status'>, ownerName: string): string {
  if (member.status === 'pending') return t('removalOfPending', { name: member.name });
  return t('removalOfMember', { name: member.name, count: member.cardCount, owner: ownerName });
}

/**
 * The toast "Cards created" / "Card created" after an import that created cards; null when it created none.
 * Only rows that made a card count: an invitation's card is made later, when the person accepts.
 */
export function importCreatedToast(t: TeamTranslate, job: Pick<ImportJob, 'rows'>): string | null {
  const count = job.rows.filter((row) => row.outcome === 'created' && row.message === importCardCreatedMessage).length;
  if (count === 0) return null;
  return t('cardsCreated', { count });
}

export function importSummary(t: TeamTranslate, job: Pick<ImportJob, 'createdCount' | 'skippedCount' | 'rejectedCount'>): string {
  return t('importSummary', { created: job.createdCount, skipped: job.skippedCount, rejected: job.rejectedCount });
}
