import type { ReactNode } from 'react';
import { planForCard, type Feature } from '@cardstack/shared/plans/features';
import { PaidFeatureGate } from '../../../components/paid-feature-gate';
import { useSessionUser } from '../../../lib/session';
import { useCardEditorContext } from './editor-context';

/**
 * A paid part of the editor (colours, videos, files): the paid-feature overlay over a dimmed copy of it when
 * the card's plan lacks the feature. The server refuses the same changes (403), so this only spares a try.
 */
export function CardFeatureGate({ feature, children, preview }: { feature: Feature; children: ReactNode; preview?: ReactNode }) {
  const { card } = useCardEditorContext();
  const user = useSessionUser();
  const content = <div className="flex flex-col gap-4">{children}</div>;
  // `preview`: what to dim instead of the feature itself (a feature that loads data should not load it to be dimmed).
  return (
    <PaidFeatureGate feature={feature} plan={planForCard(user, card)} preview={preview ?? content}>
      {content}
    </PaidFeatureGate>
  );
}
