import type { Card } from '@cardstack/shared/cards/schemas';
import type { Locale } from '@cardstack/shared/i18n/locales';
import type { WalletOffers } from '@cardstack/shared/wallet/schemas';
import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import type { TeamClaimsResolver } from '../auth/auth-module';
import type { CardAllowanceService, CardRef } from '../cards/cards-module';
import type { ContactCreatedHook } from '../contacts/contacts-module';
import type { InsightsRecorder } from '../insights/insights-module';
import type { MailOutbox } from '../mail/mail-module';
import type { FileStorage } from '../storage/storage-module';
import type { CardArtifacts, GeneratedArtifacts } from './card-artifacts';
import type { EncodedBody } from './encoded-body';
import { memoryCache, type MemoryCache } from './memory-cache';
import type { PageContext } from './page-render';
import { pageScriptPath } from './page-script';

/*
 * What the public card page's use cases share: what the app hands in (`PublicCardDeps`) and what one service
 * keeps in memory (`PublicCardState`). The HTML of a card's version is rendered once, compressed once (brotli
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
  /**
   * Where a card whose account moved to another server went (its page there); null for a card that did not move.
   * Such a card's addresses answer 301 there (docs/decisions/0057-the-old-addresses-follow.md).
   */
  movedCardUrl?: (cardId: string) => Promise<string | null>;
  /** Queues the vCard and QR generation of a saved card, in the transaction that saves it. */
  jobs: JobQueue;
  /** Which wallet buttons the card's page shows (the wallet module decides; none without it). */
  walletOffersOf?: (card: Card) => Promise<WalletOffers>;
  /** The new-lead mail to the card's owner. */
  outbox: MailOutbox;
  /** The contacts module's new-contact hook, for leads left on the page (integrations queue their webhooks). */
  onLeadCreated?: ContactCreatedHook;
}

/** A physical card's address: the card it opens, or why it opens none. */
export type PhysicalCardRoute = { kind: 'card'; cardId: string } | { kind: 'not-activated' } | { kind: 'switched-off' };

/** The rendered page of one version of a card, with what its sub-resources (thanks, links, files) need. */
export interface PageEntry {
  card: Card;
  walletOffers?: WalletOffers | undefined;
  /** When the wallet buttons were decided (Date.now()). */
  walletOffersCheckedAt: number;
  /** The page in each language asked for so far, each rendered the first time it is asked for. */
  pages: Partial<Record<Locale, EncodedBody>>;
  /** The page with the thank-you text in place of the form (a lead sent without JavaScript), likewise. */
  thanks: Partial<Record<Locale, EncodedBody>>;
  /** For each link: the id of its tracked address (web links only), else null. */
  linkIds: (string | null)[];
}

/**
 * What an address (card id, username or pre-order id) names. `ref: null` remembers that no card has this
 * address (or, with `physical`, why a physical card opens none).
 */
export interface CardAddress {
  ref: CardRef | null;
  physical?: 'not-activated' | 'switched-off';
  /** The card's page on the server its account moved to: the address answers 301 there. */
  movedTo?: string;
}

/** Everything one public card service keeps in memory. Each entry can be dropped at any time. */
export interface PublicCardState {
  /** What every rendered page needs of the server: its address and the page script's. */
  readonly pageContext: PageContext;
  /** The latest rendered page of each card, by card id. */
  readonly pages: MemoryCache<string, PageEntry>;
  /** Pages being rendered, by `{cardId}:{version}`: however many ask at once, a version is rendered once. */
  readonly renderingPages: Map<string, Promise<PageEntry | null>>;
  /** Each owner's cards blocked by their plan's allowance, by owner id, reused for `accessTtlMs`. */
  readonly blockedCards: MemoryCache<string, Set<string>>;
  /** Blocked cards being computed, by owner id (null: the owner's account is gone). */
  readonly loadingBlockedCards: Map<string, Promise<Set<string> | null>>;
  /** What each address asked for names, reused for `versionCheckMs`. */
  readonly addresses: MemoryCache<string, CardAddress>;
  /** The stored vCard and QR codes of card versions, by `{cardId}:{version}`. */
  readonly knownArtifacts: MemoryCache<string, CardArtifacts>;
  /** vCards and QR codes being made, by `{cardId}:{version}`: however many ask at once, made once. */
  readonly generatingArtifacts: Map<string, Promise<GeneratedArtifacts>>;
}

export function createPublicCardState(deps: Pick<PublicCardDeps, 'baseUrl' | 'pageCacheEntries' | 'accessTtlMs' | 'versionCheckMs'>): PublicCardState {
  return {
    pageContext: { baseUrl: deps.baseUrl, scriptPath: pageScriptPath },
    pages: memoryCache({ maxEntries: deps.pageCacheEntries }),
    renderingPages: new Map(),
    blockedCards: memoryCache({ maxEntries: 10_000, ttlMs: deps.accessTtlMs }),
    loadingBlockedCards: new Map(),
    addresses: memoryCache({ maxEntries: 10_000, ttlMs: deps.versionCheckMs }),
    knownArtifacts: memoryCache({ maxEntries: 10_000 }),
    generatingArtifacts: new Map(),
  };
}
