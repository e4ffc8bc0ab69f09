import type { OperatorMailCatalog } from './en';

export const operatorMailArabic: OperatorMailCatalog = {
  customDesignTitle: 'طلب جديد لبطاقة مخصصة',
  quoteTitle: 'طلب جديد لعرض سعر',
  customDesignSubject: 'طلب جديد لبطاقة مخصصة: {name}',
  quoteSubject: 'طلب جديد لعرض سعر: {name}',
  someone: 'شخص ما',
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  phone: 'الهاتف',
  company: 'الشركة',
  quantity: 'الكمية',
  material: 'المادة',
  finish: 'التشطيب',
  cardCount: 'عدد البطاقات',
  notes: 'ملاحظات',
  materialPvc: 'PVC',
  materialMetal: 'معدن',
  materialWood: 'خشب',
  materialRecycled: 'بلاستيك معاد تدويره',
  finishMatte: 'مطفأ',
  finishGlossy: 'لامع',
  finishSoftTouch: 'ملمس ناعم',
  filesAttached:
    '{count, plural, zero {لا ملفات مرفقة في لوحة التحكم.} one {ملف واحد مرفق في لوحة التحكم.} two {ملفان مرفقان في لوحة التحكم.} few {# ملفات مرفقة في لوحة التحكم.} many {# ملفًا مرفقًا في لوحة التحكم.} other {# ملف مرفق في لوحة التحكم.}}',
  openRequests: 'فتح الطلبات',
  signingCertificate: 'شهادة التوقيع الخاصة بـ Apple Wallet',
  apnsKey: 'مفتاح APNs',
  credentialExpired: 'انتهت صلاحية {credential} في {day}',
  credentialExpires:
    'تنتهي صلاحية {credential} في {day}، {days, plural, zero {اليوم} one {بعد يوم واحد} two {بعد يومين} few {بعد # أيام} many {بعد # يومًا} other {بعد # يوم}}',
  expiredConsequence: 'لم يعد بالإمكان توقيع بطاقات Apple Wallet أو تحديثها بها.',
  expiringConsequence: 'جدّدها قبل ذلك، وإلا ستتوقف بطاقات Apple Wallet الجديدة والمحدّثة عن العمل.',
  signingCertificateRenewal:
    'أنشئ شهادة Pass Type ID جديدة في حساب Apple Developer، واضبط APPLE_SIGNER_CERT وAPPLE_SIGNER_KEY عليها (docs/wallet.md)، ثم أعد تشغيل الخادم.',
  apnsKeyRenewal:
    'أنشئ مفتاح APNs جديدًا في حساب Apple Developer، واضبط APPLE_APNS_KEY_ID وAPPLE_APNS_KEY وAPPLE_APNS_KEY_EXPIRES_AT عليه (docs/wallet.md)، ثم أعد تشغيل الخادم.',
  footer: 'تصلك هذه الرسالة لأنك من مشغّلي هذه الخدمة.',
};
