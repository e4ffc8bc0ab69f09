import type { EmailSignatureData } from '@cardstack/shared/cards/email-signature';
import { publicCardPath, publicCardResourcePaths } from '@cardstack/shared/public-card/schemas';
import { getCard, type CardCaller } from '../cards/cards-module';
import { linkIdOf, webLinkTarget } from './card-links';
import type { PublicCardDeps } from './public-card-state';

/*
 * What a card's email signature is made of (the SPA builds the HTML with the shared builder, live as the owner
 * ticks its options): the card's saved data and the public addresses of its page, photo, QR code and links,
 * absolute on this server's address. Every address is by the card's id, which never changes, so a signature
 * in old mails keeps working after a new username or photo.
 */
export async function emailSignatureOf(deps: Pick<PublicCardDeps, 'db' | 'baseUrl'>, caller: CardCaller, cardId: string): Promise<EmailSignatureData> {
  const card = await getCard({ db: deps.db }, caller, cardId);
  const absolute = (path: string) => `${deps.baseUrl}${path}`;
  return {
    name: card.name,
    jobTitle: card.jobTitle,
    companyName: card.companyName,
    phones: [card.phone, ...card.phones],
    emails: [card.email, ...card.emails],
    photoUrl: card.profilePicture.url ? absolute(publicCardResourcePaths.photo(card.id)) : null,
    cardUrl: absolute(publicCardPath(card.id)),
    qrImageUrl: absolute(publicCardResourcePaths.qrPng(card.id)),
    // Web links only, at the tracked addresses the card's page uses (a click is counted, then sent on).
    links: card.links
      .filter((link) => webLinkTarget(link) !== null)
      .map((link) => ({ kind: link.kind, label: link.label, url: absolute(publicCardResourcePaths.link(card.id, linkIdOf(link))) })),
  };
}
