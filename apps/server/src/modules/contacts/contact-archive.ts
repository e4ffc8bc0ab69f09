import crypto from 'node:crypto';
import { z } from 'zod';
import { contactLimits } from '@cardstack/shared/contacts/schemas';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { badRequest } from '../../http/errors';
import { reencodeImage } from '../storage/storage-module';
import type { AccountArchivePart } from '../module-contract';
import type { ContactsDeps } from './contact-deps';
import * as repository from './contact-repository';
import { scanOf, type NewContact } from './contact-rows';
import { cardImageKey } from './scanned-contacts';

/*
 * The contacts' part of an account archive: the user's own contacts and leads (the team's stay with the team) in
 * `contacts/contacts.json`, a scanned card's photo beside it. On import each gets a new id and points at the card
 * it came through as that card's new id (none when the card was not imported); no new-contact event is sent (the
 * contacts are not new, and webhooks are not moved).
 */

const contactsFile = 'contacts/contacts.json';
const imagePathOf = (id: string) => `contacts/images/${id}.webp`;

const text = (max: number) => z.string().max(max);
const archivedContact = z.object({
  id: z.string().min(1).max(64),
  kind: z.enum(['lead', 'manual', 'scanned']),
  cardId: z.string().max(64).nullable(),
  cardName: text(200).nullable(),
  name: text(contactLimits.name),
  email: text(contactLimits.email),
  phone: text(contactLimits.phone),
  company: text(contactLimits.company),
  jobTitle: text(contactLimits.jobTitle),
  message: text(contactLimits.message),
  notes: text(contactLimits.notes),
  consentText: text(contactLimits.consentText).nullable(),
  consentAt: text(64).nullable(),
  scan: z.unknown().nullable(),
  image: z.string().max(300).nullable(),
  createdAt: text(64),
});
const archivedContacts = z.array(archivedContact).max(200_000);

export function contactArchivePart(deps: ContactsDeps): AccountArchivePart {
  return {
    files: [
      { path: contactsFile, about: 'Your contacts and the leads your cards received (kind "lead", "manual" or "scanned"), with the id of the card each came through.' },
      { path: 'contacts/images/', about: 'The photos of business cards you scanned, one per scanned contact.' },
    ],
    async exportPart(userId, archive) {
      const rows = await repository.listOwnContactRows(deps.db, userId);
      const contacts = [];
      for (const row of rows) {
        let image: string | null = null;
        if (row.image_key) {
          const stored = await deps.storage.get(row.image_key);
          if (stored) {
            const chunks: Buffer[] = [];
            for await (const chunk of stored.body) chunks.push(chunk as Buffer);
            image = imagePathOf(row.id);
            archive.file(image, Buffer.concat(chunks));
          }
        }
        contacts.push({
          id: row.id,
          kind: row.is_scanned === 1 ? 'scanned' : row.manual_add === 1 ? 'manual' : 'lead',
          cardId: row.card_id,
          cardName: row.card_name,
          name: row.name,
          email: row.email,
          phone: row.phone,
          company: row.company,
          jobTitle: row.job_title,
          message: row.message,
          notes: row.notes,
          consentText: row.consent_text,
          consentAt: row.consent_at,
          scan: scanOf(row.scan_details),
          image,
          createdAt: row.created_at,
        });
      }
      archive.json(contactsFile, contacts);
    },
    checkPart(archive) {
      const value = archive.json(contactsFile);
      if (value !== undefined && !archivedContacts.safeParse(value).success) throw badRequest(keyed('accountArchiveBrokenFile', { name: contactsFile }));
    },
    async importPart(trx, archive, context) {
      const value = archive.json(contactsFile);
      if (value === undefined) return;
      const batch: NewContact[] = [];
      for (const source of archivedContacts.parse(value)) {
        const id = crypto.randomUUID();
        let imageKey: string | null = null;
        const image = source.image?.startsWith('contacts/images/') ? archive.file(source.image) : undefined;
        if (image) {
          try {
            const encoded = await reencodeImage(image, { maxWidth: 2000, maxHeight: 2000 });
            imageKey = cardImageKey(id);
            await deps.storage.put(imageKey, encoded.body, encoded.contentType);
            context.writtenFiles.push(imageKey);
          } catch {
            imageKey = null;
          }
        }
        const scan = source.kind === 'scanned' || source.scan ? scanOf(JSON.stringify(source.scan ?? {})) : null;
        batch.push({
          id,
          ownerId: context.userId,
          teamOwnerId: null,
          cardId: source.cardId ? (context.cardIds.get(source.cardId) ?? null) : null,
          cardName: source.cardName,
          manualAdd: source.kind !== 'lead',
          isScanned: source.kind === 'scanned',
          name: source.name,
          email: source.email,
          phone: source.phone,
          company: source.company,
          jobTitle: source.jobTitle,
          message: source.message,
          notes: source.notes,
          consentText: source.consentText,
          consentAt: source.consentAt,
          scan,
          imageKey,
          createdAt: source.createdAt,
        });
        if (source.kind === 'lead') context.report.leads += 1;
        else context.report.contacts += 1;
        if (batch.length === 200) await repository.insertContacts(trx, batch.splice(0));
      }
      await repository.insertContacts(trx, batch);
    },
  };
}
