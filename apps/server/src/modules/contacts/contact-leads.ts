import crypto from 'node:crypto';
import { leadThankYouText } from '@cardstack/shared/cards/schemas';
import { createLeadInput, leadHoneypotField, type CreateLeadInput } from '@cardstack/shared/contacts/schemas';
import { isTeamActive } from '@cardstack/shared/plans/plans';
import type { AnyConnection } from '../../db/schema';
import { AppError, invalidForm, notFound } from '../../http/errors';
import { planOf } from '../billing/billing-module';
import { findCard } from '../cards/cards-module';
import type { MailOutbox } from '../mail/mail-module';
import * as repository from './contact-repository';
import { inTransaction, nowIso, summaryOfNew, type ContactCreatedHook } from './contact-deps';
import { keyed } from '@cardstack/shared/i18n/keyed';

interface CreateLeadOptions {
  cardId: string;
  /** What the visitor sent; validated here with `createLeadInput`, so no caller can skip it. */
  input: CreateLeadInput;
  /**
   * The card owner's team owner (from the teams feature's claims), resolved by the caller before this runs:
   * resolving it inside the transaction would wait forever on SQLite's single connection. Without it the
   * card's own team owner id, else the owner, is used.
   */
  ownerTeamOwnerId?: string;
  now?: Date;
  /** The new-lead mail to the owner. */
  outbox: MailOutbox;
  /** The contacts module's hook (`ContactsDeps.onContactCreated`), told of the new lead in its transaction. */
  onContactCreated?: ContactCreatedHook;
}

interface CreateLeadResult {
  /** null when the honeypot caught a bot: it is thanked like a person and nothing is stored. */
  contactId: string | null;
  /** "Thank you for submitting the form!", or the card's custom message. */
  message: string;
}

/**
 * A visitor left their details through a card's lead form: the card's owner gets a contact of kind lead
 * (`manualAdd` false), which also names the team owner when the card's team is on the team plan, and the
 * new-lead email is queued in the same transaction unless the owner turned it off. Whether the card's page is
 * shown at all (blocked by its plan's card limit) is the public page's decision, made before calling this.
 */
export async function createLead(db: AnyConnection, options: CreateLeadOptions): Promise<CreateLeadResult> {
  const parsed = createLeadInput.safeParse(options.input);
  if (!parsed.success) throw invalidForm(parsed.error.issues);
  const input = parsed.data;
  const createdAt = (options.now ?? new Date()).toISOString();

  return inTransaction(db, async (trx) => {
    const card = await findCard(trx, options.cardId);
    if (!card) throw notFound(keyed('cardNotFound'));
    if (!card.leadForm.isEnabled) throw new AppError(403, 'lead-form-off', keyed('leadFormOff'));
    const message = leadThankYouText(card.leadForm);
    if (input[leadHoneypotField] !== '') return { contactId: null, message };

    const owner = await repository.findLeadRecipient(trx, card.ownerId);
    if (!owner) throw notFound(keyed('cardNotFound'));
    // The card's team: the team owner of a member's card, else the owner themselves (a user without a team
    // record is their own team owner). Kept only while that team is on the team plan.
    const teamCandidate =
      card.teamOwnerId ?? options.ownerTeamOwnerId ?? card.ownerId;
    const teamPlan = teamCandidate === card.ownerId ? owner.plan : await planOf(trx, teamCandidate);
    const teamOwnerId = isTeamActive(teamPlan) ? teamCandidate : null;
    const cardName = repository.cardDisplayName(card);
    const contactId = crypto.randomUUID();
    const lead: repository.NewContact = {
      id: contactId,
      ownerId: card.ownerId,
      teamOwnerId,
      cardId: card.id,
      cardName,
      manualAdd: false,
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      jobTitle: '',
      message: input.message,
      notes: '',
      consentText: input.consent ? input.consentText : null,
      consentAt: input.consent ? createdAt : null,
      createdAt,
    };
    await repository.insertContact(trx, lead);
    await options.onContactCreated?.(trx, { event: 'lead.created', contact: summaryOfNew(lead) });
    // No mail to an address its owner has not confirmed: the lead stays in Contacts.
    if (owner.emailVerified && (await repository.isNewLeadEmailOn(trx, card.ownerId))) {
      await options.outbox.enqueue(trx, {
        to: owner.email,
        template: 'new-lead',
        data: {
          contactId,
          cardName,
          lead: { name: input.name, email: input.email, phone: input.phone, company: input.company, message: input.message },
          consentAt: input.consent ? createdAt : null,
        },
      });
    }
    return { contactId, message };
  });
}

/**
 * A member leaves the team (removed, or their account is deleted): the leads of the team's cards stay with the
 * team. Call it with the transaction that moves the member's team cards, after the cards moved.
 */
export async function passTeamLeadsToOwner(db: AnyConnection, memberUserId: string, teamOwnerId: string): Promise<number> {
  return repository.passTeamLeadsToOwner(db, memberUserId, teamOwnerId, nowIso());
}
