import { activationPath, physicalCardTexts } from '@cardstack/shared/physical-cards/schemas';
import { publicCardTexts } from '@cardstack/shared/public-card/schemas';
import { encodeBody, encodedOnce, type EncodedBody } from './encoded-body';
import { renderMessagePage } from './page-render';

/** The pages an address shows instead of a card. */
export const notFoundPage = encodedOnce(() => renderMessagePage(publicCardTexts.notFoundTitle, publicCardTexts.notFoundText));
export const inactivePage = encodedOnce(() => renderMessagePage(publicCardTexts.inactiveTitle, publicCardTexts.inactiveText));
export const switchedOffPage = encodedOnce(() => renderMessagePage(physicalCardTexts.deactivatedTitle, physicalCardTexts.deactivatedText));

/** The first tap of a physical card nobody has activated yet: what it is and the way to activate it. */
export function notActivatedPage(preorderId: string): EncodedBody {
  return encodeBody(
    renderMessagePage(physicalCardTexts.notActivatedTitle, physicalCardTexts.notActivatedText, {
      label: physicalCardTexts.activate,
      href: activationPath(preorderId),
    }),
  );
}
