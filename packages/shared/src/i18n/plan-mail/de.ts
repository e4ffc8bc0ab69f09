import type { PlanMailCatalog } from './en';

export const planMailGerman: PlanMailCatalog = {
  subject: 'Ihr Tarif wechselt am {day} zu {toPlan}',
  title: 'Ihr Tarif ändert sich',
  intro: 'Ihr Tarif {fromPlan} endet am {day}. Ab dann nutzen Sie {toPlan}, und Folgendes ändert sich:',
  keep: 'Doch anders entschieden? Wählen Sie {fromPlan} vor dem {day} erneut, dann bleibt alles, wie es ist.',
  review: 'Tarif ansehen',
  footer: 'Sie erhalten diese E-Mail, weil Sie Ihren Tarif herabgestuft haben.',
};
