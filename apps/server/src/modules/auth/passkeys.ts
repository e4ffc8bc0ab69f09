import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { expireCookie, setSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { passkeyAuthenticateInput, passkeyOptionsInput, passkeyRegisterInput } from '@cardstack/shared/auth/passkeys';
import type { AnyConnection } from '../../db/schema';
import type { MailOutbox } from '../mail/mail-module';
import { findPasskeyByCredentialId, insertPasskey, listPasskeys, recordPasskeyUse, type StoredPasskey } from './passkey-repository';
import { twoFactorCookieName } from './second-factor';

/*
 * Passkeys (WebAuthn, through @simplewebauthn/server) as a Better Auth plugin, so that a passkey sign-in ends
 * in the library's own session and cookie like every other way in:
 * - `/passkey/registration-options` + `/passkey/register`: a signed-in user adds a passkey (with the password
 *   first when the account has one, else within minutes of signing in).
 * - `/passkey/sign-in-options` + `/passkey/sign-in`: signing in with a passkey alone. A passkey asks for the
 *   device's PIN or biometric (user verification is required), so it is two factors by itself and skips the
 *   authenticator-app step.
 * - `/passkey/second-factor-options` + `/passkey/verify-second-factor`: a passkey instead of the app's code,
 *   after a password or Google.
 * Each ceremony's challenge is single-use: stored in the verification table (hashed, like every token there),
 * named by a signed cookie, consumed by the answer.
 */

export interface PasskeyDeps {
  db: AnyConnection;
  baseUrl: string;
  /** "A passkey was added" */
  outbox: MailOutbox;
}

const challengeCookie = 'passkey_challenge';
const challengeSeconds = 5 * 60;
/** Without a password to ask for, adding a passkey needs a sign-in this recent. */
const recentSignInMs = 5 * 60_000;

const refusal = (status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'CONFLICT', code: string, message: string) => new APIError(status, { code, message });
const expiredChallenge = () => refusal('BAD_REQUEST', 'PASSKEY_CHALLENGE_EXPIRED', 'This took too long or was already used. Try again.');
const notVerified = () => refusal('UNAUTHORIZED', 'PASSKEY_NOT_VERIFIED', 'The passkey could not be verified. Try again.');

type EndpointContext = GenericEndpointContext;

interface Challenge {
  challenge: string;
  /** The account the ceremony is for; null for a passkey sign-in, where the passkey says whose it is. */
  userId: string | null;
}

async function rememberChallenge(ctx: EndpointContext, challenge: Challenge): Promise<void> {
  const identifier = `passkey-${generateRandomString(32)}`;
  await ctx.context.internalAdapter.createVerificationValue({
    identifier,
    value: JSON.stringify(challenge),
    expiresAt: new Date(Date.now() + challengeSeconds * 1000),
  });
  const cookie = ctx.context.createAuthCookie(challengeCookie, { maxAge: challengeSeconds });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/** The ceremony's challenge, once: a second answer with the same cookie finds nothing. */
async function takeChallenge(ctx: EndpointContext): Promise<Challenge> {
  const cookie = ctx.context.createAuthCookie(challengeCookie);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  expireCookie(ctx, cookie);
  if (!identifier) throw expiredChallenge();
  const stored = await ctx.context.internalAdapter.consumeVerificationValue(identifier);
  if (!stored || new Date(stored.expiresAt) < new Date()) throw expiredChallenge();
  return JSON.parse(stored.value) as Challenge;
}

/** The account of a sign-in waiting for its second factor (the two-factor plugin's cookie), or null. */
async function pendingSignIn(ctx: EndpointContext): Promise<{ identifier: string; userId: string } | null> {
  const cookie = ctx.context.createAuthCookie(twoFactorCookieName);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!pending || new Date(pending.expiresAt) < new Date()) return null;
  return { identifier, userId: pending.value };
}

const credentialOf = (passkey: StoredPasskey) => ({
  id: passkey.credentialId,
  publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
  counter: passkey.counter,
  transports: passkey.transports,
});

/** Issues the library's session and cookie for the user, as its own sign-in routes do. */
async function signIn(ctx: EndpointContext, userId: string): Promise<void> {
  const user = await ctx.context.internalAdapter.findUserById(userId);
  if (!user) throw notVerified();
  const session = await ctx.context.internalAdapter.createSession(userId);
  if (!session) throw refusal('UNAUTHORIZED', 'FAILED_TO_CREATE_SESSION', 'Could not sign in. Try again.');
  await setSessionCookie(ctx, { session, user });
}

export function passkeys(deps: PasskeyDeps): BetterAuthPlugin {
  const { hostname: rpID, origin } = new URL(deps.baseUrl);

  /** Checks an assertion against one of the stored passkeys (of `userId` when given); records its use. */
  async function verifyAssertion(response: AuthenticationResponseJSON, challenge: Challenge, userId: string | null): Promise<StoredPasskey> {
    const passkey = await findPasskeyByCredentialId(deps.db, response.id);
    if (!passkey || (userId !== null && passkey.userId !== userId)) {
      throw refusal('UNAUTHORIZED', 'PASSKEY_NOT_RECOGNISED', 'This passkey is not registered for an account here.');
    }
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: credentialOf(passkey),
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified) throw notVerified();
    await recordPasskeyUse(deps.db, passkey.id, result.authenticationInfo.newCounter, new Date().toISOString());
    return passkey;
  }

  return {
    id: 'passkeys',
    endpoints: {
      passkeyRegistrationOptions: createAuthEndpoint(
        '/passkey/registration-options',
        { method: 'POST', body: passkeyOptionsInput, use: [sessionMiddleware] },
        async (ctx) => {
          const { user, session } = ctx.context.session;
          const accounts = await ctx.context.internalAdapter.findAccounts(user.id);
          const hash = accounts.find((account) => account.providerId === 'credential')?.password;
          if (hash) {
            const isRight = ctx.body.password !== undefined && (await ctx.context.password.verify({ hash, password: ctx.body.password }));
            if (!isRight) throw refusal('BAD_REQUEST', 'INVALID_PASSWORD', 'The password is incorrect.');
          } else if (Date.now() - new Date(session.createdAt).getTime() > recentSignInMs) {
            throw refusal('FORBIDDEN', 'REQUIRES_RECENT_LOGIN', 'For your security, sign in again before adding a passkey.');
          }
          const existing = await listPasskeys(deps.db, user.id);
          const options = await generateRegistrationOptions({
            rpName: 'Cards',
            rpID,
            userName: user.email,
            userDisplayName: user.name,
            userID: new TextEncoder().encode(user.id),
            attestationType: 'none',
            excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
            authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          });
          await rememberChallenge(ctx, { challenge: options.challenge, userId: user.id });
          return ctx.json(options);
        },
      ),
      passkeyRegister: createAuthEndpoint('/passkey/register', { method: 'POST', body: passkeyRegisterInput, use: [sessionMiddleware] }, async (ctx) => {
        const { user } = ctx.context.session;
        const challenge = await takeChallenge(ctx);
        if (challenge.userId !== user.id) throw expiredChallenge();
        const result = await verifyRegistrationResponse({
          response: ctx.body.response as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        }).catch(() => null);
        if (!result?.verified) throw refusal('BAD_REQUEST', 'PASSKEY_NOT_VERIFIED', 'The passkey could not be added. Try again.');
        const { credential, credentialBackedUp } = result.registrationInfo;
        if (await findPasskeyByCredentialId(deps.db, credential.id)) {
          throw refusal('CONFLICT', 'PASSKEY_ALREADY_REGISTERED', 'This passkey is already added.');
        }
        const passkey: StoredPasskey = {
          id: crypto.randomUUID(),
          userId: user.id,
          name: ctx.body.name,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? ctx.body.response.response.transports ?? [],
          isBackedUp: credentialBackedUp,
          createdAt: new Date().toISOString(),
          lastUsedAt: null,
        };
        await deps.db.transaction().execute(async (trx: AnyConnection) => {
          await insertPasskey(trx, passkey);
          await deps.outbox.securityNotice(trx, user.email, { displayName: user.name, change: 'sign-in-method-added', method: 'passkey', detail: passkey.name });
        });
        return ctx.json({ id: passkey.id, name: passkey.name });
      }),
      passkeySignInOptions: createAuthEndpoint('/passkey/sign-in-options', { method: 'POST' }, async (ctx) => {
        // No account is named: the browser offers the passkeys it holds for this site (discoverable credentials).
        const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
        await rememberChallenge(ctx, { challenge: options.challenge, userId: null });
        return ctx.json(options);
      }),
      passkeySignIn: createAuthEndpoint('/passkey/sign-in', { method: 'POST', body: passkeyAuthenticateInput }, async (ctx) => {
        const challenge = await takeChallenge(ctx);
        if (challenge.userId !== null) throw expiredChallenge();
        const passkey = await verifyAssertion(ctx.body.response as AuthenticationResponseJSON, challenge, null);
        await signIn(ctx, passkey.userId);
        return ctx.json({ ok: true });
      }),
      passkeySecondFactorOptions: createAuthEndpoint('/passkey/second-factor-options', { method: 'POST' }, async (ctx) => {
        const pending = await pendingSignIn(ctx);
        if (!pending) throw refusal('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE', 'Your sign-in expired. Sign in again.');
        const owned = await listPasskeys(deps.db, pending.userId);
        if (owned.length === 0) throw refusal('BAD_REQUEST', 'NO_PASSKEY', 'This account has no passkey. Use the authenticator app or a backup code.');
        const options = await generateAuthenticationOptions({
          rpID,
          userVerification: 'required',
          allowCredentials: owned.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
        });
        await rememberChallenge(ctx, { challenge: options.challenge, userId: pending.userId });
        return ctx.json(options);
      }),
      passkeyVerifySecondFactor: createAuthEndpoint('/passkey/verify-second-factor', { method: 'POST', body: passkeyAuthenticateInput }, async (ctx) => {
        const pending = await pendingSignIn(ctx);
        if (!pending) throw refusal('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE', 'Your sign-in expired. Sign in again.');
        const challenge = await takeChallenge(ctx);
        if (challenge.userId !== pending.userId) throw expiredChallenge();
        await verifyAssertion(ctx.body.response as AuthenticationResponseJSON, challenge, pending.userId);
        // The pending sign-in is used up, as the authenticator app's code uses it up.
        const consumed = await ctx.context.internalAdapter.consumeVerificationValue(pending.identifier);
        if (consumed?.value !== pending.userId) throw refusal('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE', 'Your sign-in expired. Sign in again.');
        expireCookie(ctx, ctx.context.createAuthCookie(twoFactorCookieName));
        await signIn(ctx, pending.userId);
        return ctx.json({ ok: true });
      }),
    },
  };
}
