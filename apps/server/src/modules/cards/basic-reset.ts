import { defaultCardTheme } from '@cardstack/shared/cards/schemas';
import type { AnyConnection } from '../../db/schema';
import * as repository from './card-repository';
import { now, sameTheme, vcardCleared, type CardsDeps } from './card-deps';

/** What a downgrade takes from cards: the design back to the default, and widgets and attachments erased. */
export interface BasicReset {
  design: boolean;
  widgetsAndAttachments: boolean;
}

/**
 * Sets cards back to what Basic has: a user's own cards, or a team's cards. Idempotent: a card already reset is
 * not written again, and its attachments folder is emptied on every run, so a run interrupted between a card's
 * row and its files finishes the files the next time. Returns how many cards changed.
 */
export async function resetCardsToBasic(
  deps: CardsDeps,
  scope: { ownerId: string } | { teamOwnerId: string },
  reset: BasicReset,
): Promise<number> {
  const ids =
    'ownerId' in scope
      ? await repository.listCardIdsByOwner(deps.db, scope.ownerId)
      : await repository.listCardIdsByTeamOwner(deps.db, scope.teamOwnerId);
  let changed = 0;
  for (const cardId of ids) {
    const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const current = await repository.findCardForUpdate(trx, deps.dialect, cardId);
      if (!current) return null;
      const changes: repository.CardChanges = {};
      if (reset.design && !sameTheme(current.theme, defaultCardTheme)) changes.theme = defaultCardTheme;
      if (reset.widgetsAndAttachments && current.widgets.length > 0) changes.widgets = [];
      if (reset.widgetsAndAttachments && current.downloadableFiles.length > 0) changes.downloadableFiles = [];
      if (Object.keys(changes).length === 0) return null;
      await repository.updateCard(trx, cardId, { ...changes, ...vcardCleared }, now());
      return current;
    });
    if (updated) {
      changed += 1;
      deps.onCardChanged?.({ cardId, ownerId: updated.ownerId, kind: 'saved' });
    }
    // Not best effort: a file that could not be deleted fails the run, which is then run again.
    if (reset.widgetsAndAttachments) await deps.storage.deletePrefix(`files/${cardId}/`);
  }
  return changed;
}
