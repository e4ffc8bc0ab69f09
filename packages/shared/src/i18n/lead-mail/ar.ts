import type { LeadMailCatalog } from './en';

export const leadMailArabic: LeadMailCatalog = {
  subject: 'عميل محتمل جديد: {who}',
  someone: 'أحد الزوار',
  title: 'عميل محتمل جديد',
  heading: 'لديك عميل محتمل جديد',
  intro: 'ترك {who} بياناته على بطاقتك «{cardName}».',
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  phone: 'الهاتف',
  company: 'الشركة',
  message: 'الرسالة',
  consent: 'الموافقة',
  consentGiven: 'أُعطيت في {date}',
  openContact: 'فتح جهة الاتصال',
  footer: 'تصلك هذه الرسالة لأن أحدهم استخدم نموذج التواصل على بطاقتك. يمكنك إيقاف هذه الرسائل من الإعدادات.',
  turnOff: 'إيقاف هذه الرسائل من الإعدادات',
};
