import type { WalletPassCatalog } from './en';

export const walletPassBrazilianPortuguese: WalletPassCatalog = {
  company: 'Empresa',
  name: 'Nome',
  jobTitle: 'Cargo',
  phone: 'Telefone',
  email: 'E-mail',
  address: 'Endereço',
  cardName: 'Nome do cartão',
  username: 'Nome de usuário',
  card: 'Cartão',
  numbered: '{label} {number}',
  businessCard: 'Cartão de visita',
  digitalBusinessCard: 'Cartão de visita digital',
};
