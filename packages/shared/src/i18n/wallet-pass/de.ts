import type { WalletPassCatalog } from './en';

export const walletPassGerman: WalletPassCatalog = {
  company: 'Firma',
  name: 'Name',
  jobTitle: 'Position',
  phone: 'Telefon',
  email: 'E-Mail',
  address: 'Adresse',
  cardName: 'Kartenname',
  username: 'Benutzername',
  card: 'Karte',
  numbered: '{label} {number}',
  businessCard: 'Visitenkarte',
  digitalBusinessCard: 'Digitale Visitenkarte',
};
