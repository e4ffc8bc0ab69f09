import type { Locale } from '@cardstack/shared/i18n/locales';
import { leadHoneypotField } from '@cardstack/shared/contacts/schemas';
import { keyed } from '@cardstack/shared/i18n/keyed';
import type { PublicLeadForm } from '@cardstack/shared/public-card/schemas';
import { AppError } from '../../http/errors';
import { createLead } from '../contacts/contacts-module';
import type { VisitRequest } from '../insights/insights-module';
import { leadConsentIn, leadThankYouIn } from './page-language';
import type { PageEntry, PublicCardDeps } from './public-card-state';
import { textFieldsOf } from '@cardstack/shared/text/text-fields';

/**
 * A visitor's lead: stored for the card's owner with the consent text the page showed in the visitor's language;
 * returns the thank-you text in it.
 */
export async function submitLead(deps: PublicCardDeps, entry: PageEntry, form: PublicLeadForm, request: VisitRequest, locale: Locale): Promise<string> {
  if (!entry.card.leadForm.isEnabled) throw new AppError(403, 'lead-form-off', keyed('leadFormOff'));
  const consent = form.consent === true || (typeof form.consent === 'string' && /^(yes|on|true|1)$/i.test(form.consent));
  const claims = await deps.resolveTeamClaims(entry.card.ownerId);
  const result = await createLead(deps.db, {
    cardId: entry.card.id,
    input: {
      ...textFieldsOf(form, ['name', 'email', 'phone', 'company', 'message']),
      consent,
      consentText: leadConsentIn(entry.card.leadForm, locale),
      [leadHoneypotField]: form[leadHoneypotField] ?? '',
    },
    ownerTeamOwnerId: claims.teamOwnerId,
    outbox: deps.outbox,
    ...(deps.onLeadCreated ? { onContactCreated: deps.onLeadCreated } : {}),
  });
  if (result.contactId) deps.insights.record(request, entry.card.id, 'lead');
  return leadThankYouIn(entry.card.leadForm, locale);
}
