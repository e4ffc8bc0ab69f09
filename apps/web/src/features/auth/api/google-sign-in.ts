import { socialSignInAnswer } from '@cardstack/shared/auth/schemas';
import { ApiError, api } from '../../../lib/api-client';
import { googleReturnUrls } from '../sign-in-paths';

interface GoogleReturnUrls {
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
}

/** POST /api/auth/sign-in/social, then off to Google's consent screen; Google returns to one of `urls`. */
export async function signInWithGoogle(urls: GoogleReturnUrls): Promise<void> {
  const answer = await api.post('/api/auth/sign-in/social', socialSignInAnswer, { provider: 'google', ...urls });
  if (!answer.url) throw new ApiError(500, 'unknown', 'Google sign-in is not available right now.');
  window.location.assign(answer.url);
}

/** Google sign-in from a sign-in screen: returns where `googleReturnUrls` says (an OAuth request, onboarding, `next`). */
export function startGoogleSignIn(search: string, next = '/', errorCallbackURL = '/login', newUserNext?: string): Promise<void> {
  return signInWithGoogle({ ...googleReturnUrls(search, next, newUserNext), errorCallbackURL });
}
