import crypto from 'node:crypto';
import { contactLimits, type Contact } from '@cardstack/shared/contacts/schemas';
import { scannerLimits, type DuplicateContact, type ScannedContactValues } from '@cardstack/shared/scanner/schemas';
import type { AnyConnection } from '../../db/schema';
import { notFound } from '../../http/errors';
import { reencodeImage } from '../storage/storage-module';
import { contactScopeOf, type ContactsCaller } from './contact-access';
import * as repository from './contact-repository';
import { deleteImages, nowIso, ownContact, summaryOfNew, type ContactsDeps } from './contact-deps';
import { nameOrEmailMissing } from './contact-editing';
import { keyed } from '@cardstack/shared/i18n/keyed';

/*
 * Cards the scanner read: the duplicate check before saving, saving as a new contact or into an existing one, and
 * the stored photo.
 */

/** The photo of a card as kept: re-encoded (EXIF and GPS gone), at most this size. */
export const cardImageBox = { maxWidth: 1600, maxHeight: 1600, quality: 80 } as const;

export const cardImageKey = (contactId: string) => `contact-cards/${contactId}/card.webp`;

const duplicateCandidateLimit = 50;

/** How contacts are matched: the phone-number library (~3 MB with its metadata) loads with the first scanned card. */
const contactMatching = () => import('@cardstack/shared/scanner/duplicates');

/** The contacts in the caller's scope that share an email or a phone with a card being reviewed. */
export async function findDuplicateContacts(
  deps: ContactsDeps,
  caller: ContactsCaller,
  card: { emails: readonly string[]; phones: readonly string[] },
): Promise<DuplicateContact[]> {
  const { identityKeys, sharedIdentity } = await contactMatching();
  const keys = identityKeys(card);
  const candidates = await repository.findContactsMatchingAny(deps.db, deps.dialect, contactScopeOf(caller), [...keys.emails, ...keys.phones], duplicateCandidateLimit);
  return candidates.flatMap(({ contact }) => {
    const matchedOn = sharedIdentity(card, {
      emails: [contact.email, ...(contact.scan?.emails ?? [])],
      phones: [contact.phone, ...(contact.scan?.phones ?? [])],
    });
    return matchedOn.length > 0
      ? [{ id: contact.id, name: contact.name, email: contact.email, phone: contact.phone, company: contact.company, matchedOn }]
      : [];
  });
}

/**
 * Saves a reviewed card: a new contact of kind "scanned" (the caller's own, like a contact added by hand), or,
 * with `mergeIntoId`, the card's details added to that existing contact (empty fields filled, other emails,
 * phones and links kept, the note appended). The photo is re-encoded before anything is written and stored in
 * the same transaction: when either fails nothing is kept.
 */
export async function saveScannedContact(
  deps: ContactsDeps,
  caller: ContactsCaller,
  values: ScannedContactValues,
  upload: Buffer | null,
): Promise<{ contactId: string; isMerged: boolean }> {
  if (!values.name && values.emails.length === 0) throw nameOrEmailMissing();
  const image = upload ? await reencodeImage(upload, cardImageBox) : null;
  // Merging changes an existing contact: that takes the right to change the team's contacts.
  const scope = contactScopeOf(caller, 'manage');
  const target = values.mergeIntoId ? await repository.findContact(deps.db, scope, values.mergeIntoId) : null;
  if (values.mergeIntoId && !target) throw notFound(keyed('mergeTargetNotFound'));
  const { phoneKey } = await contactMatching();

  const contactId = target?.contact.id ?? crypto.randomUUID();
  const imageKey = image ? cardImageKey(contactId) : null;
  try {
    await deps.db.transaction().execute(async (trx: AnyConnection) => {
      if (target) {
        const changes = mergedChanges(target.contact, values, imageKey !== null, phoneKey);
        if (!(await repository.updateContact(trx, scope, target.contact, { ...changes, ...(imageKey ? { imageKey } : {}) }, nowIso()))) {
          throw notFound(keyed('mergeTargetNotFound'));
        }
      } else {
        const [email = '', ...otherEmails] = values.emails;
        const [phone = '', ...otherPhones] = values.phones;
        const scanned: repository.NewContact = {
          ...ownContact(caller, { id: contactId, cardId: null, cardName: null, name: values.name, email, phone, company: values.company, jobTitle: values.jobTitle, notes: values.notes }),
          isScanned: true,
          scan: {
            emails: otherEmails,
            phones: otherPhones,
            websites: values.websites,
            socialLinks: values.socialLinks,
            address: values.address,
            hasImage: image !== null,
          },
          imageKey,
        };
        await repository.insertContact(trx, scanned);
        await deps.onContactCreated?.(trx, { event: 'contact.created', contact: summaryOfNew(scanned) });
      }
      if (image && imageKey) await deps.storage.put(imageKey, image.body, image.contentType);
    });
  } catch (error) {
    // A merge keeps the photo it had unless the new one was written; a new contact never leaves one behind.
    if (imageKey && !target) await deleteImages(deps, [imageKey]);
    throw error;
  }
  return { contactId, isMerged: target !== null };
}

/** The lists of both, without repeats: emails compared case-insensitively, phones by their national number. */
function mergeList(current: readonly string[], added: readonly string[], own: string, keyOf: (value: string) => string = (value) => value.toLowerCase()): string[] {
  const seen = new Set([own, ...current].filter(Boolean).map(keyOf));
  const merged = [...current];
  for (const value of added) {
    if (!seen.has(keyOf(value))) merged.push(value);
    seen.add(keyOf(value));
  }
  return merged.slice(0, scannerLimits.listItems);
}

/** What a merge changes: empty fields take the card's values, lists gain what they lack, the note is appended. */
export function mergedChanges(contact: Contact, values: ScannedContactValues, hasNewImage: boolean, phoneKey: (value: string) => string | null): repository.ContactChanges {
  const scan = contact.scan ?? { emails: [], phones: [], websites: [], socialLinks: [], address: '', hasImage: false };
  const email = contact.email || values.emails[0] || '';
  const phone = contact.phone || values.phones[0] || '';
  return {
    name: contact.name || values.name,
    email,
    phone,
    company: contact.company || values.company,
    jobTitle: contact.jobTitle || values.jobTitle,
    notes: [contact.notes, values.notes].filter(Boolean).join('\n\n').slice(0, contactLimits.notes),
    scan: {
      emails: mergeList(scan.emails, values.emails, email),
      phones: mergeList(scan.phones, values.phones, phone, (value) => phoneKey(value) ?? value),
      websites: mergeList(scan.websites, values.websites, ''),
      socialLinks: mergeList(scan.socialLinks, values.socialLinks, ''),
      address: scan.address || values.address,
      hasImage: scan.hasImage || hasNewImage,
    },
  };
}

/** The stored photo of a scanned card, for its owner (404 when there is none or the contact is out of scope). */
export async function contactCardImage(deps: ContactsDeps, caller: ContactsCaller, contactId: string) {
  const key = await repository.findImageKey(deps.db, contactScopeOf(caller), contactId);
  const file = key ? await deps.storage.get(key) : null;
  if (!key || !file) throw notFound(keyed('noCardPhoto'));
  return { key, file };
}
