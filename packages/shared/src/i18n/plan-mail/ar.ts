import type { PlanMailCatalog } from './en';

export const planMailArabic: PlanMailCatalog = {
  subject: 'تتغير خطتك إلى {toPlan} في {day}',
  title: 'خطتك ستتغير',
  intro: 'تنتهي خطة {fromPlan} في {day}. بعد ذلك تنتقل إلى {toPlan}، ويحدث ما يلي:',
  keep: 'هل غيّرت رأيك؟ اختر {fromPlan} مرة أخرى قبل {day} ولن يتغير شيء.',
  review: 'مراجعة خطتك',
  footer: 'تصلك هذه الرسالة لأنك خفّضت خطتك.',
};
