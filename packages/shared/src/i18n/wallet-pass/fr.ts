import type { WalletPassCatalog } from './en';

export const walletPassFrench: WalletPassCatalog = {
  company: 'Entreprise',
  name: 'Nom',
  jobTitle: 'Fonction',
  phone: 'Téléphone',
  email: 'E-mail',
  address: 'Adresse',
  cardName: 'Nom de la carte',
  username: 'Nom d’utilisateur',
  card: 'Carte',
  numbered: '{label} {number}',
  businessCard: 'Carte de visite',
  digitalBusinessCard: 'Carte de visite numérique',
};
