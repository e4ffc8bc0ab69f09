import type { DowngradeImpact } from '../../plans/downgrade';
import type { Catalogs } from '../translations';
import arabic from './messages/ar.json';
import german from './messages/de.json';
import english from './messages/en.json';
import spanish from './messages/es.json';
import french from './messages/fr.json';
import japanese from './messages/ja.json';
import brazilianPortuguese from './messages/pt-BR.json';

/*
 * The lines of a downgrade (what a move to a smaller plan locks, erases or resets), said by the downgrade dialog
 * in the app and repeated by the plan change mail in its reader's language. JSON, so the SPA's build compiles the
 * same catalogs (apps/web/compiled-catalogs.ts) that the server compiles at run time.
 */

export type PlanChangeMessageId = keyof typeof english;

export const planChangeCatalogs: Catalogs<PlanChangeMessageId> = {
  en: english,
  de: german,
  fr: french,
  es: spanish,
  'pt-BR': brazilianPortuguese,
  ja: japanese,
  ar: arabic,
};

/** The message of one downgrade line, with its count; null for a line of features only partly built (its English text stands). */
export function impactMessage(impact: Pick<DowngradeImpact, 'features' | 'effect' | 'keptCards'>): { id: PlanChangeMessageId; values?: { count: number } } | null {
  if (impact.effect === 'lockCards' && impact.keptCards !== undefined) return { id: 'cardsKept', values: { count: impact.keptCards } };
  const id = impact.features.join('+');
  return Object.hasOwn(english, id) ? { id: id as PlanChangeMessageId } : null;
}
