import crypto from 'node:crypto';
import { type ContactCard, type ContactResponse, type CreateContactValues, type UpdateContactValues } from '@cardstack/shared/contacts/schemas';
import { badRequest } from '../../http/errors';
import { findCard } from '../cards/cards-module';
import { contactScopeOf, type ContactsCaller } from './contact-access';
import * as repository from './contact-repository';
import { contactNotFound, findInScope, inTransaction, nowIso, ownContact, summaryOfNew, type ContactsDeps } from './contact-deps';
import { getContact } from './contact-reads';
import { keyed } from '@cardstack/shared/i18n/keyed';

export const nameOrEmailMissing = () =>
  badRequest(keyed('nameOrEmailRequired'), { name: keyed('nameOrEmailRequired') });

/** A contact added by hand. It may name one of the caller's own cards; it is never a team contact. */
export async function createContact(deps: ContactsDeps, caller: ContactsCaller, values: CreateContactValues): Promise<ContactResponse> {
  if (!values.name && !values.email) throw nameOrEmailMissing();
  let card: ContactCard | null = null;
  if (values.cardId) {
    const found = await findCard(deps.db, values.cardId);
    if (!found || found.ownerId !== caller.userId) {
      throw badRequest(keyed('cardNotFound'), { cardId: keyed('cardNotFound') });
    }
    card = { id: found.id, username: found.username, name: repository.cardDisplayName(found) };
  }
  const id = crypto.randomUUID();
  const added = ownContact(caller, {
    id,
    cardId: card?.id ?? null,
    cardName: card?.name ?? null,
    name: values.name,
    email: values.email,
    phone: values.phone,
    company: values.company,
    jobTitle: values.jobTitle,
    notes: values.notes,
  });
  await inTransaction(deps.db, async (trx) => {
    await repository.insertContact(trx, added);
    await deps.onContactCreated?.(trx, { event: 'contact.created', contact: summaryOfNew(added) });
  });
  return getContact(deps, caller, id);
}

export async function updateContact(
  deps: ContactsDeps,
  caller: ContactsCaller,
  contactId: string,
  values: UpdateContactValues,
): Promise<ContactResponse> {
  const scope = contactScopeOf(caller, 'manage');
  const { contact } = await findInScope(deps, scope, contactId);
  const next = { ...contact, ...values };
  if (!next.name && !next.email) throw nameOrEmailMissing();
  if (!(await repository.updateContact(deps.db, scope, contact, values, nowIso()))) throw contactNotFound();
  return getContact(deps, caller, contactId);
}
