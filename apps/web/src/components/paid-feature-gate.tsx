import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { canUseFeature, isFeatureAllowed, type Feature, type FeatureGroup } from '@cardstack/shared/plans/features';
import type { UserPlan } from '@cardstack/shared/plans/plans';
import { useMessages } from '../lib/i18n/messages';
import { useSessionUser } from '../lib/session';
import { uiMessages } from './messages';
import { buttonClass } from './ui/button';

type PaidFeatureGateProps = {
  children: ReactNode;
  /** Shown dimmed behind the overlay instead of the feature (the feature itself is not rendered). */
  preview?: ReactNode;
  /** Whether the overlay offers an Upgrade button linking to /subscription. */
  showUpgrade?: boolean;
  /** The plan to check when it is not the user's own (a team card has the team's plan, see `planForCard`). */
  plan?: UserPlan;
} & ({ feature: Feature; group?: never } | { group: FeatureGroup; feature?: never });

/**
 * The paid-feature overlay: "This is a Paid feature / Upgrade your account to use this feature".
 * It shows when the user's plan is not in the feature's allowed group. This is what the person sees;
 * the server checks the same rule on every gated route (`requireFeature`), so hiding this changes nothing.
 */
export function PaidFeatureGate({ children, preview, showUpgrade = true, plan, ...rule }: PaidFeatureGateProps) {
  const t = useMessages(uiMessages);
  const user = useSessionUser();
  const titleId = useId();
  const checked = plan ?? user.plan;
  const isAllowed = rule.feature ? canUseFeature(checked, rule.feature) : isFeatureAllowed(checked, rule.group!);
  if (isAllowed) return <>{children}</>;
  return (
    <div className="relative isolate min-h-44 overflow-hidden rounded-2xl ring-1 ring-zinc-200">
      {preview ? (
        <div aria-hidden="true" inert className="pointer-events-none select-none opacity-40 blur-[1px]">
          {preview}
        </div>
      ) : null}
      <section
        aria-labelledby={titleId}
        className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-white/80 p-6 text-center"
      >
        <h3 id={titleId} className="text-base font-semibold text-zinc-900">
          {t('paidFeatureTitle')}
        </h3>
        <p className="text-sm text-zinc-700">{t('paidFeatureMessage')}</p>
        {showUpgrade ? (
          <Link to="/subscription" className={buttonClass('primary', 'mt-2')}>
            {t('paidFeatureUpgrade')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
