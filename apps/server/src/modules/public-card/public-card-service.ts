import type { Card } from '@cardstack/shared/cards/schemas';
import type { Locale } from '@cardstack/shared/i18n/locales';
import type { PublicLeadForm } from '@cardstack/shared/public-card/schemas';
import type { JobExecutor } from '../../jobs/jobs-module';
import type { CardCaller, CardRef } from '../cards/cards-module';
import type { VisitRequest } from '../insights/insights-module';
import type { CardChange, CardSaving } from '../module-contract';
import { resolve } from './card-address';
import { fileOf, isFileServable, storedFile } from './card-files';
import { linkTarget } from './card-links';
import { cachedPage, hasPageInMemory, pageIn, pageOf, renderLeadErrors, thanksOf } from './card-page';
import { artifactOf, makeCardArtifacts, queueCardArtifacts, signaturePhotoOf, type ArtifactFile, type CardArtifactsPayload } from './current-card-artifacts';
import { emailSignatureOf } from './email-signature';
import { submitLead } from './lead-submission';
import type { LeadFormState } from './page-render';
import { forgetAddress, forgetChangedCard, forgetMovedCards } from './page-invalidation';
import { createPublicCardState, type PageEntry, type PublicCardDeps } from './public-card-state';

/**
 * The public card page's use cases bound to one state (public-card-state.ts): what the routes, the module's
 * hooks and the rest of the app call. Each method only hands its arguments on; the use cases are in the files
 * named for them.
 */
export function createPublicCardService(deps: PublicCardDeps) {
  const state = createPublicCardState(deps);
  return {
    stats: deps.insights,
    // The hot path (a cached page view): one plain call, no promise.
    cachedPage: (key: string) => cachedPage(state, key),
    hasPageInMemory: (key: string) => hasPageInMemory(state, key),
    resolve: (key: string, isFresh?: boolean) => resolve(deps, state, key, isFresh),
    pageOf: (ref: CardRef) => pageOf(deps, state, ref),
    pageIn: (entry: PageEntry, locale: Locale) => pageIn(state, entry, locale),
    thanksOf: (entry: PageEntry, locale: Locale) => thanksOf(state, entry, locale),
    renderLeadErrors: (entry: PageEntry, values: LeadFormState & { kind: 'form' }, locale: Locale) => renderLeadErrors(state, entry, values, locale),
    artifactOf: (card: Card, file: ArtifactFile) => artifactOf(deps, state, card, file),
    signaturePhotoOf: (card: Card) => signaturePhotoOf(deps, state, card),
    emailSignatureOf: (caller: CardCaller, cardId: string) => emailSignatureOf(deps, caller, cardId),
    linkTarget,
    isFileServable: (key: string, viewerId: () => Promise<string | null>) => isFileServable(deps, state, key, viewerId),
    storedFile: (key: string) => storedFile(deps, key),
    fileOf,
    submitLead: (entry: PageEntry, form: PublicLeadForm, request: VisitRequest, locale: Locale) => submitLead(deps, entry, form, request, locale),
    onCardChanged: (change: CardChange) => forgetChangedCard(state, change),
    forgetAddress: (key: string) => forgetAddress(state, key),
    forgetMovedCards: (cardIds: readonly string[]) => forgetMovedCards(state, cardIds),
    onCardSaving: (trx: JobExecutor, change: CardSaving) => queueCardArtifacts(deps, trx, change),
    makeArtifacts: (payload: CardArtifactsPayload) => makeCardArtifacts(deps, state, payload),
    /** Writes the counts gathered so far (the recorder belongs to the app, which closes it). */
    async close(): Promise<void> {
      await deps.insights.flush();
    },
  };
}

export type PublicCardService = ReturnType<typeof createPublicCardService>;
