import type { PlanMailCatalog } from './en';

export const planMailJapanese: PlanMailCatalog = {
  subject: '{day}にプランが{toPlan}に変わります',
  title: 'プランが変更されます',
  intro: '{fromPlan}プランは{day}に終了します。以降は{toPlan}プランとなり、次の変更があります：',
  keep: 'お気持ちが変わりましたか？{day}より前にもう一度{fromPlan}を選べば、何も変わりません。',
  review: 'プランを確認',
  footer: 'このメールは、プランをダウングレードされたためお送りしています。',
};
