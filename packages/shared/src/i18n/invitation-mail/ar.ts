import type { InvitationMailCatalog } from './en';

export const invitationMailArabic: InvitationMailCatalog = {
  subject: 'دعاك {inviter} للانضمام إلى {team}',
  teamOf: 'فريق {owner}',
  someTeam: 'فريق',
  title: 'دعوة إلى فريق',
  heading: 'لديك دعوة',
  sentence: 'دعاك {inviter} للانضمام إلى {team} بصفة {role, select, admin {مسؤول} other {موظف}}.',
  howTo: 'اقبل الدعوة باستخدام بريدك الإلكتروني وكلمة مرور، أو باستخدام Google. يعمل الرابط حتى {date}.',
  accept: 'قبول الدعوة',
  notExpected: 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.',
  footer: 'تصلك هذه الرسالة لأن أحدهم دعاك إلى فريقه.',
};
