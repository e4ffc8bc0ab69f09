/**
 * The mail confirming a scheduled downgrade, in English; the other languages translate these keys
 * (`./{locale}.ts`). `{day}` is written out in the reader's language; the plan names are the product's own.
 */
export const planMailEnglish = {
  subject: 'Your plan changes to {toPlan} on {day}',
  title: 'Your plan is changing',
  intro: 'Your {fromPlan} plan ends on {day}. From then on you are on {toPlan}, and this happens:',
  keep: 'Changed your mind? Choose {fromPlan} again before {day} and nothing changes.',
  review: 'Review your plan',
  footer: 'You receive this email because you downgraded your plan.',
} as const;

export type PlanMailMessageId = keyof typeof planMailEnglish;
export type PlanMailCatalog = Record<PlanMailMessageId, string>;
