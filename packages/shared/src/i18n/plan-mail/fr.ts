import type { PlanMailCatalog } from './en';

export const planMailFrench: PlanMailCatalog = {
  subject: 'Votre offre passe à {toPlan} le {day}',
  title: 'Votre offre change',
  intro: 'Votre offre {fromPlan} prend fin le {day}. Vous passerez alors à {toPlan}, avec les changements suivants\u00a0:',
  keep: 'Vous avez changé d’avis\u00a0? Choisissez à nouveau {fromPlan} avant le {day} et rien ne change.',
  review: 'Voir votre offre',
  footer: 'Vous recevez cet e-mail parce que vous avez choisi une offre inférieure.',
};
