import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toUserPlan, type UserPlan } from '@cardstack/shared/plans/plans';
import type { MemberRole, Permission } from '@cardstack/shared/teams/roles';
import { AppError, unauthorized } from '../../http/errors';
import type { LoadAuth } from './auth-loader';
import { readSession } from './session';
import { keyed } from '@cardstack/shared/i18n/keyed';

/** A user's team claims: their team and what their role may do there (the teams module resolves them). */
export interface TeamClaims {
  isOrganizationUser: boolean;
  /** A user without a team record is their own team owner. */
  teamOwnerId: string;
  role: MemberRole;
  /** Empty outside team mode (the team owner not on Teams). */
  permissions: Permission[];
  /** The team owner is on Teams. */
  isTeamMode: boolean;
}
export type TeamClaimsResolver = (userId: string) => Promise<TeamClaims>;

/** Who is calling: the signed-in user, their session, their plan and their team claims. */
export interface Caller extends TeamClaims {
  userId: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: Date;
  /** Unverified accounts may sign in but send no invitations and get no lead mails. */
  emailVerified: boolean;
  /**
   * The address is not confirmed and the operator's registration policy is not "open": the account may do
   * nothing but confirm it (anyone can sign up with an address of an allowed domain or an invited one).
   */
  mustConfirmEmail: boolean;
  twoFactorEnabled: boolean;
  session: { id: string; createdAt: Date };
  /**
   * The plan billing keeps on the user record (it follows every subscription change and every period end):
   * the one source of the plan for gates, the session and the team claims.
   */
  plan: UserPlan;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, resolved on first use and then kept for the request; 401 when nobody is signed in. */
    caller(): Promise<Caller>;
    /** The same, or null when nobody is signed in (pages that answer with HTML instead of a 401). */
    callerIfSignedIn(): Promise<Caller | null>;
  }
}

interface CallerDeps {
  loadAuth: LoadAuth;
  resolveTeamClaims: TeamClaimsResolver;
  /** An account the operator disabled acts through no key or token either (its sessions are already gone). */
  isAccountDisabled?: (userId: string) => Promise<boolean>;
  /** Whether unconfirmed accounts must confirm before anything else (the registration policy is not "open"). */
  isConfirmationRequired?: () => Promise<boolean>;
}

const mustConfirm = async (deps: CallerDeps, emailVerified: boolean) => !emailVerified && ((await deps.isConfirmationRequired?.()) ?? false);

async function resolveCaller(deps: CallerDeps, request: FastifyRequest): Promise<Caller | null> {
  const current = await readSession(deps.loadAuth, request);
  if (!current) return null;
  const { user, session } = current;
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    createdAt: user.createdAt,
    emailVerified: user.emailVerified,
    mustConfirmEmail: await mustConfirm(deps, user.emailVerified),
    twoFactorEnabled: user.twoFactorEnabled,
    session,
    plan: toUserPlan(user.plan),
    ...(await deps.resolveTeamClaims(user.id)),
  };
}

/** Who a user is, as `request.caller()` would answer for their session: for requests made with a token instead. */
export type CallerOfUser = (userId: string, via: string) => Promise<Caller | null>;

/**
 * The caller for a user id, built exactly as for a session (the same plan on the user record, the same team
 * claims), so the public API's requests pass through the same access rules as the SPA's. Its `session` names
 * no session: `via` says what authenticated the request (an API key or an OAuth grant).
 */
export function createCallerOfUser(deps: CallerDeps): CallerOfUser {
  return async (userId, via) => {
    const context = await (await deps.loadAuth()).$context;
    const user = (await context.internalAdapter.findUserById(userId)) as
      | (Record<string, unknown> & { id: string; name: string; email: string; image?: string | null; createdAt: Date | string; emailVerified: boolean })
      | null;
    if (!user || (await deps.isAccountDisabled?.(user.id))) return null;
    // An account that must confirm its address first acts through no key or token either.
    if (await mustConfirm(deps, Boolean(user.emailVerified))) return null;
    return {
      userId: user.id,
      name: user.name,
      email: user.email,
      image: user.image ?? null,
      createdAt: new Date(user.createdAt),
      emailVerified: Boolean(user.emailVerified),
      mustConfirmEmail: false,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      session: { id: via, createdAt: new Date() },
      plan: toUserPlan(typeof user.plan === 'string' ? user.plan : 'basic'),
      ...(await deps.resolveTeamClaims(user.id)),
    };
  };
}

/**
 * The one place that answers "who is calling": `request.caller()` reads the session and the team claims on the
 * first call and keeps the answer for the rest of the request. Nothing is read until a handler asks, so public
 * pages, files and unauthenticated routes pay nothing. Registered on the root instance before any route.
 */
export function registerCallerHook(app: FastifyInstance, deps: CallerDeps): void {
  const resolved = new WeakMap<FastifyRequest, Promise<Caller | null>>();
  app.decorateRequest('callerIfSignedIn', async function (this: FastifyRequest) {
    let caller = resolved.get(this);
    if (!caller) {
      caller = resolveCaller(deps, this);
      resolved.set(this, caller);
    }
    const resolvedCaller = await caller;
    if (resolvedCaller?.mustConfirmEmail && !this.routeOptions.config.guard?.allowsUnconfirmedEmail) throw new AppError(403, 'email-not-confirmed', keyed('mustConfirmEmail'));
    return resolvedCaller;
  });
  app.decorateRequest('caller', async function (this: FastifyRequest) {
    const caller = await this.callerIfSignedIn();
    if (!caller) throw unauthorized();
    return caller;
  });
}

/**
 * A route option for actions that send mail on the user's behalf (invitations): an account whose address is
 * not confirmed yet may sign in and work, but may not make the service mail others in its name.
 */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  if (!(await request.caller()).emailVerified) throw new AppError(403, 'email-not-verified', keyed('emailNotVerified'));
}
