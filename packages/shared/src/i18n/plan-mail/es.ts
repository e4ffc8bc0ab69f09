import type { PlanMailCatalog } from './en';

export const planMailSpanish: PlanMailCatalog = {
  subject: 'Tu plan cambia a {toPlan} el {day}',
  title: 'Tu plan va a cambiar',
  intro: 'Tu plan {fromPlan} termina el {day}. A partir de entonces tendrás {toPlan}, y esto cambia:',
  keep: '¿Has cambiado de idea? Vuelve a elegir {fromPlan} antes del {day} y no cambiará nada.',
  review: 'Revisar tu plan',
  footer: 'Recibes este correo porque has bajado de plan.',
};
