import type { LeadMailCatalog } from './en';

export const leadMailJapanese: LeadMailCatalog = {
  subject: '新しいリード：{who}',
  someone: '訪問者',
  title: '新しいリード',
  heading: '新しいリードが届きました',
  intro: '{who}さんがあなたのカード「{cardName}」に連絡先を残しました。',
  name: '氏名',
  email: 'メールアドレス',
  phone: '電話番号',
  company: '会社名',
  message: 'メッセージ',
  consent: '同意',
  consentGiven: '{date}に同意',
  openContact: '連絡先を開く',
  footer: 'このメールは、あなたのカードの連絡フォームが使われたためお送りしています。設定でこのメールを停止できます。',
  turnOff: '設定でこのメールを停止する',
};
