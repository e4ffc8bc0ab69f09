import { designRequestSentResponse, type QuoteInput } from '@cardstack/shared/design-requests/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/design-requests/quote: a company asks for an offer; answers the sentence to show. */
export function requestQuote(input: QuoteInput) {
  return api.post('/api/design-requests/quote', designRequestSentResponse, input);
}
