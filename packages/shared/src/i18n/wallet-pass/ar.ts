import type { WalletPassCatalog } from './en';

export const walletPassArabic: WalletPassCatalog = {
  company: 'الشركة',
  name: 'الاسم',
  jobTitle: 'المسمى الوظيفي',
  phone: 'الهاتف',
  email: 'البريد الإلكتروني',
  address: 'العنوان',
  cardName: 'اسم البطاقة',
  username: 'اسم المستخدم',
  card: 'البطاقة',
  numbered: '{label} {number}',
  businessCard: 'بطاقة عمل',
  digitalBusinessCard: 'بطاقة عمل رقمية',
};
