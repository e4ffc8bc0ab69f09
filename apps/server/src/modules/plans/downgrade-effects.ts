import crypto from 'node:crypto';
import { downgradeImpactsShown, type DowngradeEffect, type DowngradeImpact } from '@cardstack/shared/plans/downgrade';
import { comparePlans, isDowngrade, planTitles, toUserPlan, type UserPlan } from '@cardstack/shared/plans/plans';
import type { AnyConnection } from '../../db/schema';
import type { JobQueue } from '../../jobs/jobs-module';
import { resetCardsToBasic, type CardsDeps } from '../cards/cards-module';
import type { MailOutbox } from '../mail/mail-module';
import * as repository from './downgrade-repository';

/*
 * Downgrades keep the dialog's word. When the person confirms, the list the dialog showed is stored with the
 * date the paid period ends and mailed to them. When the plan really drops (the billing clock or the payment
 * provider ends the subscription), the downgrade becomes due and its effects run, once per account, from the
 * stored list and nothing else. Choosing a paid plan again before the end cancels it.
 */

export interface PlanDowngradeDeps {
  db: AnyConnection;
  /** The cards module: the effects change cards and delete their attachments. */
  cards: CardsDeps;
  /** The billing clock (tests move it past a period end). */
  now: () => Date;
  /** Where the `plans.downgrade-effects` job is queued, in the transaction that makes a downgrade due. */
  jobs: JobQueue;
  /** The "downgrade scheduled" mail. */
  outbox: MailOutbox;
  /** BILLING_PROVIDER=none: every account has every feature, so a downgrade left from billing days takes nothing. */
  isEveryFeatureIncluded?: boolean;
}

/** The downgrade job's payload: one job per account. */
export interface DowngradeEffectsPayload {
  userId: string;
}

export const downgradeEffectsJobKind = 'plans.downgrade-effects';

function parseImpacts(json: string): DowngradeImpact[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as DowngradeImpact[]) : [];
  } catch {
    return [];
  }
}

/** The user's one open downgrade becomes this one. */
async function replaceOpenDowngrade(
  executor: AnyConnection,
  now: Date,
  downgrade: { userId: string; from: UserPlan; to: UserPlan; impacts: DowngradeImpact[]; effectiveAt: string; status: 'scheduled' | 'due' },
): Promise<void> {
  await repository.cancelOpenDowngrades(executor, downgrade.userId, now);
  await repository.insertDowngrade(executor, {
    id: crypto.randomUUID(),
    user_id: downgrade.userId,
    from_plan: downgrade.from,
    to_plan: downgrade.to,
    impacts: JSON.stringify(downgrade.impacts),
    effective_at: downgrade.effectiveAt,
    status: downgrade.status,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    applied_at: null,
  });
}

/**
 * The person confirmed a downgrade that happens at `effectiveAt` (the end of the paid period). Runs inside the
 * transaction that marks the subscription, so the record and the mail exist exactly when the cancellation does.
 */
export async function scheduleDowngrade(
  deps: Pick<PlanDowngradeDeps, 'now' | 'outbox'>,
  executor: AnyConnection,
  change: { userId: string; email: string; from: UserPlan; to: UserPlan; effectiveAt: string; keptCards: number | null },
): Promise<void> {
  if (!isDowngrade(change.from, change.to)) return;
  const now = deps.now();
  const impacts = downgradeImpactsShown(change.from, change.to, change.keptCards);
  await replaceOpenDowngrade(executor, now, {
    userId: change.userId,
    from: change.from,
    to: change.to,
    impacts,
    effectiveAt: change.effectiveAt,
    status: 'scheduled',
  });
  await deps.outbox.enqueue(executor, {
    to: change.email,
    template: 'downgrade-scheduled',
    data: {
      fromPlan: planTitles[change.from],
      toPlan: planTitles[change.to],
      effectiveAt: change.effectiveAt,
      impacts: impacts.map(({ text, features, effect, keptCards }) => ({ text, features, effect, ...(keptCards === undefined ? {} : { keptCards }) })),
    },
  });
}

/**
 * Billing recomputed the user's plan (inside the transaction that wrote it). A drop makes the open downgrade
 * due — or, when the plan ended without one being confirmed (a lapsed payment, Teams replaced by Pro), records
 * the move's list as the dialog states it. A rise, or a plan that no longer ends at the period end, cancels a
 * downgrade that has not happened yet. True when effects became due.
 */
export async function onPlanSynced(
  deps: Pick<PlanDowngradeDeps, 'now' | 'jobs'>,
  executor: AnyConnection,
  change: { userId: string; previous: UserPlan; plan: UserPlan; isEndingAtPeriodEnd: boolean },
): Promise<boolean> {
  const now = deps.now();
  const open = await repository.findOpenDowngrade(executor, change.userId);
  if (isDowngrade(change.previous, change.plan)) {
    if (open && open.from_plan === change.previous && open.to_plan === change.plan) {
      await repository.setDowngradeStatus(executor, open.id, { status: 'due' }, now);
    } else {
      await replaceOpenDowngrade(executor, now, {
        userId: change.userId,
        from: change.previous,
        to: change.plan,
        impacts: downgradeImpactsShown(change.previous, change.plan, null),
        effectiveAt: now.toISOString(),
        status: 'due',
      });
    }
    // One job per account; it exists exactly when the plan change commits.
    await deps.jobs.enqueue(executor, downgradeEffectsJobKind, { userId: change.userId }, { singletonKey: change.userId });
    return true;
  }
  if (!open) return false;
  const isAboveTarget = comparePlans(change.plan, toUserPlan(open.to_plan)) > 0;
  if (comparePlans(change.plan, change.previous) > 0 && isAboveTarget) {
    // Upgraded again (before the end, or before the effects ran): nothing is lost.
    await repository.cancelOpenDowngrades(executor, change.userId, now);
  } else if (open.status === 'scheduled' && !change.isEndingAtPeriodEnd && isAboveTarget) {
    // The same plan bought again, or the cancellation withdrawn at the provider.
    await repository.cancelOpenDowngrades(executor, change.userId, now, ['scheduled']);
  }
  return false;
}

/** What the cards of the account lose for the effects of the stored list. */
function cardResetsOf(effects: ReadonlySet<DowngradeEffect>) {
  const own = { design: effects.has('resetDesign'), widgetsAndAttachments: effects.has('eraseWidgetsAndAttachments') };
  return { own, team: effects.has('teamCardsToBasic') };
}

/**
 * The `plans.downgrade-effects` job: applies the account's due downgrade. Idempotent and resumable: every step
 * leaves a card either untouched or fully reset (files included), a run after a crash or a failure redoes
 * nothing that is done, and the downgrade is marked applied only after the last step; until then the job
 * fails and the engine runs it again. `lock` and `lockCards` need no step: the plan gate, the card allowance
 * and the team claims follow the stored plan already.
 */
export async function applyDowngradeEffects(deps: PlanDowngradeDeps, payload: DowngradeEffectsPayload): Promise<void> {
  if (deps.isEveryFeatureIncluded) {
    await repository.cancelOpenDowngrades(deps.db, payload.userId, deps.now());
    return;
  }
  for (const downgrade of await repository.listDueDowngrades(deps.db, payload.userId)) {
    const effects = new Set(parseImpacts(downgrade.impacts).map((impact) => impact.effect));
    const { own, team } = cardResetsOf(effects);
    if (own.design || own.widgetsAndAttachments) await resetCardsToBasic(deps.cards, { ownerId: downgrade.user_id }, own);
    if (team) await resetCardsToBasic(deps.cards, { teamOwnerId: downgrade.user_id }, { design: true, widgetsAndAttachments: true });
    await repository.markApplied(deps.db, downgrade.id, deps.now());
  }
}
