import type { PlanMailCatalog } from './en';

export const planMailBrazilianPortuguese: PlanMailCatalog = {
  subject: 'Seu plano muda para {toPlan} em {day}',
  title: 'Seu plano vai mudar',
  intro: 'Seu plano {fromPlan} termina em {day}. A partir daí você passa para o {toPlan}, e isto acontece:',
  keep: 'Mudou de ideia? Escolha o {fromPlan} de novo antes de {day} e nada muda.',
  review: 'Rever seu plano',
  footer: 'Você recebe este e-mail porque mudou para um plano inferior.',
};
