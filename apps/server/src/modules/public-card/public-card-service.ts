import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import type { Link } from '@cardstack/shared/cards/links';
import { leadConsentText, leadThankYouText, type Card } from '@cardstack/shared/cards/schemas';
import { toSafeLinkUrl } from '@cardstack/shared/cards/urls';
import { contactMessages, leadHoneypotField } from '@cardstack/shared/contacts/schemas';
import { activationPath, physicalCardTexts } from '@cardstack/shared/physical-cards/schemas';
import { publicCardTexts, type PublicLeadForm } from '@cardstack/shared/public-card/schemas';
import type { WalletOffers } from '@cardstack/shared/wallet/schemas';
import type { AnyConnection } from '../../db/schema';
import { AppError, recordError } from '../../http/errors';
import type { JobExecutor, JobQueue, JobRunner } from '../../jobs/jobs-module';
import type { TeamClaimsResolver } from '../auth/auth-module';
import { findCard, findCardByAddress, findStoredVCard, type CardAllowanceService, type CardRef } from '../cards/cards-module';
import type { InsightsRecorder, VisitRequest } from '../insights/insights-module';
import { createLead, type ContactCreatedHook } from '../contacts/contacts-module';
import type { MailOutbox } from '../mail/mail-module';
import type { FileStorage } from '../storage/storage-module';
import {
  currentArtifacts,
  deleteQuietly,
  generateArtifacts,
  generatedKeys,
  type CardArtifacts,
  type GeneratedArtifacts,
} from './card-artifacts';
import { memoryCache } from './memory-cache';
import { renderCardPage, renderMessagePage, type LeadFormState } from './page-render';
import { pageScriptPath } from './page-script';

/*
 * The public card page's use cases. The HTML of a card's version is rendered once, compressed once (brotli
 * and gzip) and then served from memory until the version changes. Which version is current comes from one
 * indexed query (primary key or the unique username key), reused for `versionCheckMs` (1 s by default): a
 * change made through this process is seen by the next request, one made through another process sharing the
 * database within that second. docs/decisions/0009-public-card-page.md has the measurements.
 */

export interface PublicCardDeps {
  db: AnyConnection;
  storage: FileStorage;
  baseUrl: string;
  resolveTeamClaims: TeamClaimsResolver;
  /** Which of an owner's cards their plan's allowance blocks (those show the inactive page). */
  cardAllowance: Pick<CardAllowanceService, 'blockedCardIdsOf'>;
  /** How many cards' rendered pages stay in memory. */
  pageCacheEntries: number;
  /** How long an owner's plan status (which cards are blocked) is reused before it is computed again. */
  accessTtlMs: number;
  /**
   * How long the card an address names, and its version, is reused before it is read again (0: read on every
   * request). Changes made through this process are seen at once; through another process within this time.
   */
  versionCheckMs: number;
  /** Counts what visitors do (views, saves, clicks, downloads, leads) for the insights dashboard. */
  insights: InsightsRecorder;
  /**
   * What a physical card's address (the pre-order id on its chip) stands for: the card it opens now, not yet
   * activated, or switched off; null for any other address. Asked only for keys shaped like a pre-order id.
   */
  physicalCardRoute?: (key: string) => Promise<PhysicalCardRoute | null>;
  /** Queues the vCard and QR generation of a saved card, in the transaction that saves it. */
  jobs: JobQueue;
  /** Which wallet buttons the card's page shows (the wallet module decides; none without it). */
  walletOffersOf?: (card: Card) => Promise<WalletOffers>;
  logger: Pick<Logger, 'error'>;
  /** The new-lead mail to the card's owner. */
  outbox: MailOutbox;
  /** The contacts module's new-contact hook, for leads left on the page (integrations queue their webhooks). */
  onLeadCreated?: ContactCreatedHook;
}

export const cardArtifactsJob = 'public-card.artifacts';

/** A body in the three encodings a browser may ask for, made once. */
export interface EncodedBody {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

interface PageEntry {
  card: Card;
  walletOffers?: WalletOffers | undefined;
  /** When the wallet buttons were decided (Date.now()). */
  walletOffersCheckedAt: number;
  page: EncodedBody;
  thanks?: EncodedBody;
  /** For each link: the id of its tracked address (web links only), else null. */
  linkIds: (string | null)[];
}

export type Resolved =
  | { status: 'missing' }
  | { status: 'blocked' }
  | { status: 'active'; ref: CardRef }
  | { status: 'not-activated'; preorderId: string }
  | { status: 'switched-off' };

/** A physical card's address: the card it opens, or why it opens none. */
export type PhysicalCardRoute = { kind: 'card'; cardId: string } | { kind: 'not-activated' } | { kind: 'switched-off' };

/** The shape of a pre-order id (24 base62 characters): only such keys can name a physical card. */
const physicalCardKey = /^[A-Za-z0-9]{24}$/;

/** What a card change means for the public page; the cards module reports every change. */
export interface CardChange {
  cardId: string;
  ownerId: string;
  kind: 'saved' | 'duplicated' | 'deleted';
}

export type ArtifactFile = 'vcard' | 'qrSvg' | 'qrPng';

export function encodeBody(text: string): EncodedBody {
  const raw = Buffer.from(text, 'utf8');
  return {
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    etag: `W/"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 16)}"`,
  };
}

/** The short, stable id of a link's tracked address: it follows the link through reordering. */
export function linkIdOf(link: Pick<Link, 'kind' | 'url'>): string {
  return crypto.createHash('sha256').update(`${link.kind}\n${link.url}`).digest('base64url').slice(0, 10);
}

/** Where a click on this link may go: the card's own stored link, checked again, web addresses only. */
export function webLinkTarget(link: Pick<Link, 'url'>): string | null {
  const checked = toSafeLinkUrl(link.url);
  return checked.ok && /^https?:\/\//i.test(checked.url) ? checked.url : null;
}

export function thankYouMessageOf(card: Pick<Card, 'leadForm'>): string {
  return leadThankYouText(card.leadForm);
}

export const notFoundPage = encodeBody(renderMessagePage(publicCardTexts.notFoundTitle, publicCardTexts.notFoundText));
export const inactivePage = encodeBody(renderMessagePage(publicCardTexts.inactiveTitle, publicCardTexts.inactiveText));
export const switchedOffPage = encodeBody(renderMessagePage(physicalCardTexts.deactivatedTitle, physicalCardTexts.deactivatedText));

/** The first tap of a physical card nobody has activated yet: what it is and the way to activate it. */
export function notActivatedPage(preorderId: string): EncodedBody {
  return encodeBody(
    renderMessagePage(physicalCardTexts.notActivatedTitle, physicalCardTexts.notActivatedText, {
      label: physicalCardTexts.activate,
      href: activationPath(preorderId),
    }),
  );
}

/** The storage folders whose second segment is a card id: what a public card links to, served at /files. */
export const publicCardFileFolders = ['images', 'files', 'vcf-files', 'appleWallets'] as const;
const cardFileFolders = new Set<string>(publicCardFileFolders);

export function createPublicCardService(deps: PublicCardDeps) {
  const context = { baseUrl: deps.baseUrl, scriptPath: pageScriptPath };
  const pages = memoryCache<string, PageEntry>({ maxEntries: deps.pageCacheEntries });
  const loadingPages = new Map<string, Promise<PageEntry | null>>();
  const access = memoryCache<string, Set<string>>({ maxEntries: 10_000, ttlMs: deps.accessTtlMs });
  // `ref: null` remembers that no card has this address (or, with `physical`, why a physical card opens none).
  const refs = memoryCache<string, { ref: CardRef | null; physical?: 'not-activated' | 'switched-off' }>({
    maxEntries: 10_000,
    ttlMs: deps.versionCheckMs,
  });
  const loadingAccess = new Map<string, Promise<Set<string> | null>>();
  const knownArtifacts = memoryCache<string, CardArtifacts>({ maxEntries: 10_000 });
  const generating = new Map<string, Promise<GeneratedArtifacts>>();
  const stats = deps.insights;

  const reportError = (what: string, error: unknown) =>
    recordError(deps.db, `${what}: ${error instanceof Error ? error.message : String(error)}`);

  /** The owner's blocked cards, computed at most once per owner per `accessTtlMs`. */
  async function blockedCardsOf(ownerId: string): Promise<Set<string> | null> {
    const cached = access.get(ownerId);
    if (cached) return cached;
    let loading = loadingAccess.get(ownerId);
    if (!loading) {
      loading = deps.cardAllowance
        .blockedCardIdsOf(ownerId)
        .then((blockedCardIds) => {
          const blocked = new Set(blockedCardIds);
          access.set(ownerId, blocked);
          return blocked;
        })
        // The owner's account is gone (its cards go with it): the card is as good as missing.
        .catch((error: unknown) => (error instanceof AppError && error.statusCode === 404 ? null : Promise.reject(error)))
        .finally(() => loadingAccess.delete(ownerId));
      loadingAccess.set(ownerId, loading);
    }
    return loading;
  }

  async function addressOf(key: string, isFresh: boolean): Promise<{ ref: CardRef | null; physical?: 'not-activated' | 'switched-off' }> {
    const cached = isFresh ? undefined : refs.get(key);
    if (cached) return cached;
    // A physical card's address comes first: it follows moves, and nobody can take it over by choosing it as
    // a username before the card is activated.
    const physical = deps.physicalCardRoute && physicalCardKey.test(key) ? await deps.physicalCardRoute(key) : null;
    const found =
      physical?.kind === 'not-activated' || physical?.kind === 'switched-off'
        ? { ref: null, physical: physical.kind }
        : { ref: await findCardByAddress(deps.db, physical?.kind === 'card' ? physical.cardId : key) };
    refs.set(key, found);
    return found;
  }

  async function refOf(key: string, isFresh: boolean): Promise<CardRef | null> {
    return (await addressOf(key, isFresh)).ref;
  }

  /**
   * The card behind an address and whether it may be shown. `isFresh` reads the version now instead of
   * reusing it: for everything but the page view itself (the vCard must never be older than the card).
   */
  async function resolve(key: string, isFresh = false): Promise<Resolved> {
    const { ref, physical } = await addressOf(key, isFresh);
    if (physical === 'not-activated') return { status: 'not-activated', preorderId: key };
    if (physical === 'switched-off') return { status: 'switched-off' };
    if (!ref) return { status: 'missing' };
    const blocked = await blockedCardsOf(ref.ownerId);
    if (!blocked) return { status: 'missing' };
    return blocked.has(ref.id) ? { status: 'blocked' } : { status: 'active', ref };
  }

  function renderEntry(card: Card, walletOffers: WalletOffers | undefined): PageEntry {
    const linkIds = card.links.map((link) => (webLinkTarget(link) ? linkIdOf(link) : null));
    const html = renderCardPage(context, {
      card,
      walletOffers,
      lead: { kind: 'form' },
      linkPath: (index) => (linkIds[index] ? `/id/${encodeURIComponent(card.id)}/l/${linkIds[index]}` : null),
    });
    return { card, walletOffers, walletOffersCheckedAt: Date.now(), page: encodeBody(html), linkIds };
  }

  /**
   * The wallet buttons follow the owner's plan, which can change without the card changing: off the hot path (the
   * version is re-read every `versionCheckMs` anyway), a page's buttons are checked again once per `accessTtlMs`,
   * and the page is rendered again only when they changed.
   */
  async function withCurrentWalletOffers(entry: PageEntry): Promise<PageEntry> {
    if (!deps.walletOffersOf || Date.now() - entry.walletOffersCheckedAt < deps.accessTtlMs) return entry;
    entry.walletOffersCheckedAt = Date.now();
    const offers = await deps.walletOffersOf(entry.card);
    if (offers.apple === entry.walletOffers?.apple && offers.google === entry.walletOffers.google) return entry;
    const fresh = renderEntry(entry.card, offers);
    if (pages.get(entry.card.id) === entry) pages.set(entry.card.id, fresh);
    return fresh;
  }

  /** The rendered page of the card's current version: from memory, or rendered once however many ask at once. */
  async function pageOf(ref: CardRef): Promise<PageEntry | null> {
    const cached = pages.get(ref.id);
    if (cached && cached.card.version === ref.version) return withCurrentWalletOffers(cached);
    const loadKey = `${ref.id}:${ref.version}`;
    let loading = loadingPages.get(loadKey);
    if (!loading) {
      loading = findCard(deps.db, ref.id)
        .then(async (card) => {
          if (!card) return null;
          const entry = renderEntry(card, await deps.walletOffersOf?.(card));
          const latest = pages.get(card.id);
          if (!latest || latest.card.version <= card.version) pages.set(card.id, entry);
          return entry;
        })
        .finally(() => loadingPages.delete(loadKey));
      loadingPages.set(loadKey, loading);
    }
    return loading;
  }

  /** The page after a lead was sent without JavaScript: the card with the thank-you text in place of the form. */
  function thanksOf(entry: PageEntry): EncodedBody {
    entry.thanks ??= encodeBody(
      renderCardPage(context, {
        card: entry.card,
        walletOffers: entry.walletOffers,
        lead: { kind: 'sent', message: thankYouMessageOf(entry.card) },
        linkPath: (index) => (entry.linkIds[index] ? `/id/${encodeURIComponent(entry.card.id)}/l/${entry.linkIds[index]}` : null),
      }),
    );
    return entry.thanks;
  }

  /** The card page again with what the visitor typed and what is wrong with it (a form post without JavaScript). */
  function renderLeadErrors(entry: PageEntry, values: LeadFormState & { kind: 'form' }): string {
    return renderCardPage(context, {
      card: entry.card,
      walletOffers: entry.walletOffers,
      lead: values,
      linkPath: (index) => (entry.linkIds[index] ? `/id/${encodeURIComponent(entry.card.id)}/l/${entry.linkIds[index]}` : null),
    });
  }

  function generateOnce(card: Card): Promise<GeneratedArtifacts> {
    const key = `${card.id}:${card.version}`;
    let job = generating.get(key);
    if (!job) {
      job = generateArtifacts(deps, card)
        .then((generated) => {
          if (generated.isCurrent) knownArtifacts.set(key, generated.artifacts);
          return generated;
        })
        .finally(() => generating.delete(key));
      generating.set(key, job);
    }
    return job;
  }

  /** The stored artifacts of this version of the card, if they were made: by this process or another one. */
  async function storedArtifacts(card: Card): Promise<CardArtifacts | null> {
    const key = `${card.id}:${card.version}`;
    const known = knownArtifacts.get(key) ?? currentArtifacts(card);
    if (known) return known;
    const record = await findStoredVCard(deps.db, card.id);
    const recorded = record ? currentArtifacts({ id: card.id, version: card.version, ...record }) : null;
    if (recorded) knownArtifacts.set(key, recorded);
    return recorded;
  }

  const artifactKey = { vcard: 'vcfKey', qrSvg: 'qrSvgKey', qrPng: 'qrPngKey' } as const satisfies Record<ArtifactFile, keyof CardArtifacts>;
  const generatedBytes = { vcard: 'vcard', qrSvg: 'qrSvg', qrPng: 'qrPng' } as const satisfies Record<ArtifactFile, keyof GeneratedArtifacts>;

  /**
   * One of the card's generated files, never older than the card: read from storage when it was made for
   * this version, otherwise made now (and stored, for everyone after).
   */
  async function artifactOf(card: Card, file: ArtifactFile): Promise<{ body: Buffer | Readable; fileName: string }> {
    const stored = await storedArtifacts(card);
    if (stored) {
      const found = await deps.storage.get(stored[artifactKey[file]]);
      if (found) return { body: found.body, fileName: stored.vcfFileName };
    }
    const generated = await generateOnce(card);
    return { body: generated[generatedBytes[file]], fileName: generated.artifacts.vcfFileName };
  }

  /**
   * The page for an address when everything needed is in memory and still current: the card's version (within
   * `versionCheckMs`), its owner's plan status and the rendered page of that version. Synchronous, so the hot
   * path creates no promises; anything else goes the long way through `resolve` and `pageOf`.
   */
  function cachedPage(key: string): PageEntry | undefined {
    const ref = refs.get(key)?.ref;
    if (!ref) return undefined;
    const blocked = access.get(ref.ownerId);
    if (!blocked || blocked.has(ref.id)) return undefined;
    const entry = pages.get(ref.id);
    return entry && entry.card.version === ref.version ? entry : undefined;
  }

  return {
    stats,
    cachedPage,
    resolve,
    pageOf,
    thanksOf,
    renderLeadErrors,
    artifactOf,

    linkTarget(entry: PageEntry, linkId: string): string | null {
      const index = entry.linkIds.indexOf(linkId);
      const link = index === -1 ? undefined : entry.card.links[index];
      return link ? webLinkTarget(link) : null;
    },

    /**
     * Whether a stored file may be served at /files/{key}: the images, files and generated files of a card
     * blocked by its plan's allowance are not, except to the card's owner (the editor still shows them).
     * Keys outside a card's folder (account photos) are not the public page's to judge.
     */
    async isFileServable(key: string, viewerId: () => Promise<string | null>): Promise<boolean> {
      const [folder, cardId] = key.split('/');
      if (!folder || !cardId || !cardFileFolders.has(folder)) return true;
      // The folder names the card itself. A card made from a pre-order shares its id with the physical card's
      // address, which follows moves to another card, so such a card is looked up by its id alone.
      const ref = physicalCardKey.test(cardId) ? await findCardByAddress(deps.db, cardId) : await refOf(cardId, false);
      if (ref?.id !== cardId) return true;
      const blocked = await blockedCardsOf(ref.ownerId);
      if (!blocked?.has(ref.id)) return true;
      return (await viewerId()) === ref.ownerId;
    },

    async storedFile(key: string) {
      try {
        return await deps.storage.get(key);
      } catch {
        return null;
      }
    },

    fileOf(entry: PageEntry, fileId: string) {
      const file = entry.card.downloadableFiles.find((candidate) => candidate.id === fileId);
      const prefix = `/files/files/${entry.card.id}/`;
      if (!file?.url.startsWith(prefix)) return null;
      return { key: file.url.slice('/files/'.length), name: file.name };
    },

    /** A visitor's lead: stored for the card's owner with the consent text the page showed; returns the thank-you text. */
    async submitLead(entry: PageEntry, form: PublicLeadForm, request: VisitRequest): Promise<string> {
      if (!entry.card.leadForm.isEnabled) throw new AppError(403, 'lead-form-off', contactMessages.leadFormOff);
      const consent = form.consent === true || (typeof form.consent === 'string' && /^(yes|on|true|1)$/i.test(form.consent));
      const claims = await deps.resolveTeamClaims(entry.card.ownerId);
      const result = await createLead(deps.db, {
        cardId: entry.card.id,
        input: {
          name: form.name ?? '',
          email: form.email ?? '',
          phone: form.phone ?? '',
          company: form.company ?? '',
          message: form.message ?? '',
          consent,
          consentText: leadConsentText(entry.card.leadForm),
          [leadHoneypotField]: form[leadHoneypotField] ?? '',
        },
        ownerTeamOwnerId: claims.teamOwnerId,
        outbox: deps.outbox,
        ...(deps.onLeadCreated ? { onContactCreated: deps.onLeadCreated } : {}),
      });
      if (result.contactId) stats.record(request, entry.card.id, 'lead');
      return result.message;
    },

    /**
     * Called by the cards module after every committed change: the owner's plan status is computed again (a new
     * or deleted card can block or free another) and the old page leaves memory.
     */
    onCardChanged(change: CardChange): void {
      access.delete(change.ownerId);
      pages.delete(change.cardId);
      // Addresses are cached by what was asked (id or username); a change is rare enough to forget them all.
      refs.clear();
    },

    /** A physical card was activated, moved or switched off or on: its address is read again. */
    forgetAddress(key: string): void {
      refs.delete(key);
    },

    /**
     * Called by the cards module inside the transaction that saves a card: the card's vCard and QR codes are
     * made for the new version by a job that exists exactly when the save commits (and survives a crash).
     */
    async onCardSaving(trx: JobExecutor, change: { cardId: string; kind: 'saved' | 'duplicated' }): Promise<void> {
      await deps.jobs.enqueue(trx, cardArtifactsJob, { cardId: change.cardId, isCopy: change.kind === 'duplicated' });
    },

    /** The `public-card.artifacts` job. Idempotent: files already made for the card's version are kept. */
    async makeArtifacts(payload: { cardId: string; isCopy: boolean }): Promise<void> {
      try {
        // A copy arrives with its source's generated files: they carry the source's address.
        if (payload.isCopy) await deleteQuietly(deps, await generatedKeys(deps, payload.cardId, () => true));
        const card = await findCard(deps.db, payload.cardId);
        if (card && !(await storedArtifacts(card))) await generateOnce(card);
      } catch (error) {
        await reportError(`Generating the vCard and QR code of card ${payload.cardId}`, error);
        throw error;
      }
    },

    /** Writes the counts gathered so far (the recorder belongs to the app, which closes it). */
    async close(): Promise<void> {
      await stats.flush();
    },
  };
}

export type PublicCardService = ReturnType<typeof createPublicCardService>;
export type { PageEntry };

/** The public card's job kind: the vCard and QR codes of a saved card. */
export function registerPublicCardJobs(runner: JobRunner, service: Pick<PublicCardService, 'makeArtifacts'>): void {
  runner.register<{ cardId: string; isCopy: boolean }>(cardArtifactsJob, (payload) => service.makeArtifacts(payload));
}
