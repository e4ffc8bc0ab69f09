import type { WalletPassCatalog } from './en';

export const walletPassBrazilianPortuguese: WalletPassCatalog = {
  company: 'Empresa',
  name: 'Nome',
  jobTitle: 'Cargo',
  phone: 'Telefone',
  email: 'E-mail',
  address: 'Endereço',
  card: 'Cartão',
  numbered: '{label} {number}',
  businessCard: 'Cartão de visita',
  digitalBusinessCard: 'Cartão de visita digital',
};
