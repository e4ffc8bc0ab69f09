/** The provider id of "Sign in with Google" in Better Auth's account table (a file of its own: see auth-loader.ts). */
export const googleProviderId = 'google';
