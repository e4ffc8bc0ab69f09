import type { AnyConnection } from '../../db/schema';
import { notFound } from '../../http/errors';
import { contactScopeOf, type ContactsCaller } from './contact-access';
import * as repository from './contact-repository';
import { contactNotFound, deleteImages, type ContactsDeps } from './contact-deps';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { deleteImportsOfUser } from './import/contact-import-repository';

export async function deleteContact(deps: ContactsDeps, caller: ContactsCaller, contactId: string): Promise<void> {
  const scope = contactScopeOf(caller, 'manage');
  const imageKeys = await repository.findImageKeys(deps.db, { scope, ids: [contactId] });
  const deleted = await repository.deleteContacts(deps.db, scope, [contactId]);
  if (deleted === 0) throw contactNotFound();
  await deleteImages(deps, imageKeys);
}

/** All or nothing: when any id is not a contact the caller may delete, none is deleted (404). */
export async function bulkDeleteContacts(deps: ContactsDeps, caller: ContactsCaller, ids: readonly string[]): Promise<number> {
  const scope = contactScopeOf(caller, 'manage');
  const unique = [...new Set(ids)];
  const { deleted, imageKeys } = await deps.db.transaction().execute(async (trx: AnyConnection) => {
    const found = await repository.findIdsInScope(trx, scope, unique);
    if (found.length !== unique.length) throw notFound(keyed('someContactsNotFound'));
    const keys = await repository.findImageKeys(trx, { scope, ids: unique });
    return { deleted: await repository.deleteContacts(trx, scope, unique), imageKeys: keys };
  });
  await deleteImages(deps, imageKeys);
  return deleted;
}

/** Account deletion step. */
export async function deleteContactsOfUser(deps: ContactsDeps, userId: string, trx: AnyConnection = deps.db): Promise<() => Promise<void>> {
  const imageKeys = await repository.findImageKeys(trx, { ownerId: userId });
  imageKeys.push(...(await deleteImportsOfUser(trx, userId)));
  await repository.deleteContactsOfUser(trx, userId);
  // The photos go once the deletion committed (a rolled-back deletion keeps its contacts whole).
  return () => deleteImages(deps, imageKeys);
}
