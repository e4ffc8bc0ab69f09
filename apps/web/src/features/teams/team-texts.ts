import type { ImportJob, TeamMember } from '@cardstack/shared/teams/schemas';
import { importCardCreatedMessage } from '@cardstack/shared/teams/import-rows';

/* The sentences of the team screens that depend on data (kept apart so they are tested as text). */

/** What removing a member does to their cards, said before it is done. */
export function removalConsequence(member: Pick<TeamMember, 'name' | 'cardCount' | 'status'>, ownerName: string): string {
  if (member.status === 'pending') return `${member.name} has not joined yet: the invitation link stops working.`;
  const cards =
    member.cardCount === 0
      ? 'They hold no team cards.'
      : `Their ${member.cardCount === 1 ? 'team card stays' : `${member.cardCount} team cards stay`} with the team: ${member.cardCount === 1 ? 'it moves' : 'they move'} to ${ownerName}’s cards, with the same public links.`;
  return `${member.name} keeps their account but loses access to the team. ${cards}`;
}

/**
 * The toast "Cards created" / "Card created" after an import that created cards; null when it created none.
 * Only rows that made a card count: an invitation's card is made later, when the person accepts.
 */
export function importCreatedToast(job: Pick<ImportJob, 'rows'>): string | null {
  const count = job.rows.filter((row) => row.outcome === 'created' && row.message === importCardCreatedMessage).length;
  if (count === 0) return null;
  return count === 1 ? 'Card created' : 'Cards created';
}

export function importSummary(job: Pick<ImportJob, 'createdCount' | 'skippedCount' | 'rejectedCount'>): string {
  return `${job.createdCount} created, ${job.skippedCount} skipped, ${job.rejectedCount} rejected`;
}
