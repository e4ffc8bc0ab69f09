import { useMemo } from 'react';
import type { cardFinishes, cardMaterials } from '@cardstack/shared/design-requests/schemas';
import { useMessages } from '../../lib/i18n/messages';
import { designRequestMessages } from './messages';

type MessageId = keyof typeof designRequestMessages.english;
type CardMaterial = (typeof cardMaterials)[number];
type CardFinish = (typeof cardFinishes)[number];

/** The message of each material and finish a custom card may have (English: the shared labels, see the test). */
export const cardMaterialMessageIds = {
  pvc: 'materialPvc',
  metal: 'materialMetal',
  wood: 'materialWood',
  recycled: 'materialRecycled',
} as const satisfies Record<CardMaterial, MessageId>;
export const cardFinishMessageIds = {
  matte: 'finishMatte',
  glossy: 'finishGlossy',
  'soft-touch': 'finishSoftTouch',
} as const satisfies Record<CardFinish, MessageId>;

export interface CardOptionLabels {
  material: Record<CardMaterial, string>;
  finish: Record<CardFinish, string>;
}

/** A custom card's materials and finishes as the app's language names them. */
export function useCardOptionLabels(): CardOptionLabels {
  const t = useMessages(designRequestMessages);
  return useMemo(() => {
    const labels = <Value extends string>(ids: Record<Value, MessageId>) =>
      Object.fromEntries(Object.entries<MessageId>(ids).map(([value, id]) => [value, t(id)])) as Record<Value, string>;
    return { material: labels(cardMaterialMessageIds), finish: labels(cardFinishMessageIds) };
  }, [t]);
}
