import type { WalletPassCatalog } from './en';

export const walletPassJapanese: WalletPassCatalog = {
  company: '会社名',
  name: '氏名',
  jobTitle: '役職',
  phone: '電話番号',
  email: 'メールアドレス',
  address: '住所',
  cardName: 'カード名',
  username: 'ユーザー名',
  card: 'カード',
  numbered: '{label} {number}',
  businessCard: '名刺',
  digitalBusinessCard: 'デジタル名刺',
};
