import type { Card, Widget, UpdateCardValues } from '@cardstack/shared/cards/schemas';
import { usernameKey } from '@cardstack/shared/cards/username';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import type { AnyConnection } from '../../db/schema';
import { assertFeature } from '../billing/billing-module';
import { canAccessCard, type CardCaller } from './card-access';
import * as repository from './card-repository';
import { cardNotFound, cardPlanOf, now, sameTheme, usernameTaken, vcardCleared, type CardsDeps } from './card-deps';
import { getCard } from './card-reads';

/**
 * Design, widgets and attachments are paid features (a downgrade resets or erases them). A save that only repeats
 * what the card has, or removes something, is fine on any plan: the editor sends the whole form.
 */
export function checkPaidChanges(plan: UserPlan, current: Pick<Card, 'theme' | 'widgets'>, input: Pick<UpdateCardValues, 'theme' | 'widgets'>): void {
  if (input.theme && !sameTheme(input.theme, current.theme)) assertFeature(plan, 'design');
  const isNew = (widget: Widget) => !current.widgets.some((old) => old.kind === widget.kind && old.url === widget.url);
  if (input.widgets?.some(isNew)) assertFeature(plan, 'widgets');
}

/**
 * The editor's save. A username change is checked for uniqueness (ignoring case) and marks the card's
 * username as changed; every save clears the stored vCard and bumps the version.
 */
export async function updateCard(deps: CardsDeps, caller: CardCaller, cardId: string, input: UpdateCardValues): Promise<Card> {
  try {
    const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
      const current = await repository.findCardForUpdate(trx, deps.dialect, cardId);
      if (!current || !canAccessCard(caller, current)) throw cardNotFound();
      checkPaidChanges(cardPlanOf(caller, current), current, input);
      const { coverImage, profilePicture, username, ...fields } = input;
      const changes: repository.CardChanges = { ...fields, ...vcardCleared };
      if (coverImage) changes.coverImage = { ...current.coverImage, ...coverImage };
      if (profilePicture) changes.profilePicture = { ...current.profilePicture, ...profilePicture };
      const at = now();
      if (username !== undefined && username !== current.username) {
        if (await repository.isUsernameTaken(trx, username, { exceptCardId: cardId, forUserId: current.ownerId, now: at })) throw usernameTaken();
        changes.username = username;
        changes.userNameChanged = true;
        // Only another spelling of the same name is not a release.
        if (usernameKey(username) !== usernameKey(current.username)) {
          await repository.releaseUsernames(trx, [{ cardId, username: current.username }], current.ownerId, at);
        }
      }
      await repository.updateCard(trx, cardId, changes, at);
      await deps.onCardSaving?.(trx, { cardId, kind: 'saved' });
      return (await repository.findCardById(trx, cardId))!;
    });
    deps.onCardChanged?.({ cardId: updated.id, ownerId: updated.ownerId, kind: 'saved' });
    return updated;
  } catch (error) {
    // Two people claiming the same name at the same moment: the unique index decides.
    if (repository.uniqueViolationOf(error) === 'username') throw usernameTaken();
    throw error;
  }
}

/** Only one card is the default: setting one clears the previous default, in one transaction. */
export async function setDefaultCard(deps: CardsDeps, caller: CardCaller, cardId: string): Promise<Card> {
  const target = await getCard(deps, caller, cardId);
  const updated = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    await repository.lockOwner(trx, deps.dialect, target.ownerId);
    await repository.makeDefaultCard(trx, target.ownerId, target.id, now());
    const updated = await repository.findCardById(trx, target.id);
    // Deleted by a concurrent request: roll back rather than leave the owner without a default.
    if (!updated) throw cardNotFound();
    await deps.onCardSaving?.(trx, { cardId: updated.id, kind: 'saved' });
    return updated;
  });
  deps.onCardChanged?.({ cardId: updated.id, ownerId: updated.ownerId, kind: 'saved' });
  return updated;
}
