/* Where sign-in and the mails' links send the browser next. */

/** Where the links of the verification mails return to. */
export const verifiedCallbackPath = '/?email=confirmed';

const oauthParams = ['client_id', 'state', 'redirect_uri', 'response_type'] as const;
/** Optional values of the same request (scope, PKCE), carried along when present. */
const optionalOAuthParams = ['scope', 'code_challenge', 'code_challenge_method'] as const;

/** The OAuth values of the sign-in page's own query, or of the /oauth address it returns to (`next`). */
function oauthRequestOf(search: string, next: string): URLSearchParams | null {
  const own = new URLSearchParams(search);
  if (oauthParams.every((name) => own.get(name))) return own;
  const target = new URL(next, 'https://app.invalid');
  if (target.pathname === '/oauth' && oauthParams.every((name) => target.searchParams.get(name))) return target.searchParams;
  return null;
}

/**
 * Where Google sign-in returns to. With all four OAuth query values present (an integration asking for
 * access, in the page's query or in the /oauth address it was sent from) the user goes to /oauth with them,
 * new or not; otherwise a new user goes to `newUserNext` (/onboarding, or a physical card's activation) and
 * others to `next`.
 */
export function googleReturnUrls(search: string, next = '/', newUserNext = '/onboarding'): { callbackURL: string; newUserCallbackURL: string } {
  const params = oauthRequestOf(search, next);
  if (params) {
    const names = [...oauthParams, ...optionalOAuthParams.filter((name) => params.get(name))];
    const forwarded = new URLSearchParams(names.map((name) => [name, params.get(name)!]));
    const target = `/oauth?${forwarded.toString()}`;
    return { callbackURL: target, newUserCallbackURL: target };
  }
  return { callbackURL: next, newUserCallbackURL: newUserNext };
}

/** Only same-site paths are followed after sign-in (no open redirect through ?next=). */
export function safeNextPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
