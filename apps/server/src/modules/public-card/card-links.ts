import crypto from 'node:crypto';
import type { Link } from '@cardstack/shared/cards/links';
import { toSafeLinkUrl } from '@cardstack/shared/cards/urls';
import type { PageEntry } from './public-card-state';

/*
 * A card's web links are shown through tracked addresses (/id/{cardId}/l/{linkId}), so a click is counted
 * before the visitor is sent on to the card's own stored link.
 */

/** The short, stable id of a link's tracked address: it follows the link through reordering. */
export function linkIdOf(link: Pick<Link, 'kind' | 'url'>): string {
  return crypto.createHash('sha256').update(`${link.kind}\n${link.url}`).digest('base64url').slice(0, 10);
}

/** Where a click on this link may go: the card's own stored link, checked again, web addresses only. */
export function webLinkTarget(link: Pick<Link, 'url'>): string | null {
  const checked = toSafeLinkUrl(link.url);
  return checked.ok && /^https?:\/\//i.test(checked.url) ? checked.url : null;
}

/** Where the tracked address `linkId` of this page sends the visitor; null when the page has no such link. */
export function linkTarget(entry: PageEntry, linkId: string): string | null {
  const index = entry.linkIds.indexOf(linkId);
  const link = index === -1 ? undefined : entry.card.links[index];
  return link ? webLinkTarget(link) : null;
}
