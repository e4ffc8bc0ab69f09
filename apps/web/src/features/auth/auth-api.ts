import { authErrorMessages, toAuthErrorCode, type AuthErrorField } from '@cardstack/shared/auth/auth-errors';
import type {
  BackupCodeInput,
  LoginInput,
  RegisterInput,
  RequestPasswordResetInput,
  ResetPasswordInput,
  TotpCodeInput,
} from '@cardstack/shared/auth/schemas';
import { ApiError, api } from '../../lib/api-client';

interface AuthFailure {
  field: AuthErrorField;
  message: string;
}

/** Turns any failure of an auth call into its error code and the message for the right field. */
export function describeAuthError(error: unknown): AuthFailure {
  if (error instanceof ApiError) {
    const code = error.status === 0 ? toAuthErrorCode('network') : toAuthErrorCode({ status: error.status, code: error.code, message: error.message });
    // The operator's refusals come with our server's own words (which policy, whom to ask).
    if ((code === 'sign-up-closed' || code === 'user-disabled') && error.message) return { field: 'form', message: error.message };
    return authErrorMessages[code];
  }
  return authErrorMessages.unknown;
}

/** Where the links of the verification mails return to. */
export const verifiedCallbackPath = '/?email=confirmed';

export const authApi = {
  /** `twoFactorRedirect`: the password was right and the account asks for its second factor next. */
  signIn: (input: LoginInput) => api.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', input),
  register: (input: RegisterInput) => api.post('/api/auth/sign-up/email', { ...input, callbackURL: verifiedCallbackPath }),
  publicConfig: () => api.get<{ isGoogleEnabled: boolean; billingProvider: 'stripe' | 'test' | 'none' }>('/api/public-config'),
  requestPasswordReset: (input: Pick<RequestPasswordResetInput, 'email'>) =>
    api.post('/api/auth/request-password-reset', { email: input.email, redirectTo: '/reset-password' }),
  resetPassword: (input: ResetPasswordInput) => api.post('/api/auth/reset-password', input),
  verifyTotp: (input: TotpCodeInput) => api.post('/api/auth/two-factor/verify-totp', input),
  verifyBackupCode: (input: BackupCodeInput) => api.post('/api/auth/two-factor/verify-backup-code', input),
  sendVerificationEmail: (email: string) => api.post('/api/auth/send-verification-email', { email, callbackURL: verifiedCallbackPath }),
};

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

export async function startGoogleSignIn(search: string, next = '/', errorCallbackURL = '/login', newUserNext?: string): Promise<void> {
  const urls = googleReturnUrls(search, next, newUserNext);
  const result = await api.post<{ url?: string }>('/api/auth/sign-in/social', { provider: 'google', ...urls, errorCallbackURL });
  if (!result.url) throw new ApiError(500, 'unknown', 'Google sign-in is not available right now.');
  window.location.assign(result.url);
}

/** Only same-site paths are followed after sign-in (no open redirect through ?next=). */
export function safeNextPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
