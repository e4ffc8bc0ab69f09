import type { ReactNode } from 'react';
import type { Feature } from '@cardstack/shared/plans/features';
import { PaidFeatureGate } from '../../../components/paid-feature-gate';
import { useSessionUser } from '../../../lib/session';

/**
 * A team's screen in the settings (user management, roles): its heading, what it is for, then its content. The
 * team owner pays for the team, so only the owner meets the plan's gate; a member's screen depends on the
 * owner's plan, which the server checks.
 */
export function TeamSettingsSection({
  titleId,
  title,
  description,
  feature,
  preview,
  children,
}: {
  titleId: string;
  title: string;
  description: string;
  feature: Feature;
  /** Shown dimmed behind the gate's overlay in place of the content. */
  preview: ReactNode;
  children: ReactNode;
}) {
  const user = useSessionUser();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-zinc-700">{description}</p>
      <div className="mt-6">
        {user.role === 'owner' ? (
          <PaidFeatureGate feature={feature} preview={preview}>
            {children}
          </PaidFeatureGate>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
