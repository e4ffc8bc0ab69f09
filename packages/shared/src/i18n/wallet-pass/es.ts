import type { WalletPassCatalog } from './en';

export const walletPassSpanish: WalletPassCatalog = {
  company: 'Empresa',
  name: 'Nombre',
  jobTitle: 'Cargo',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  address: 'Dirección',
  cardName: 'Nombre de la tarjeta',
  username: 'Nombre de usuario',
  card: 'Tarjeta',
  numbered: '{label} {number}',
  businessCard: 'Tarjeta de visita',
  digitalBusinessCard: 'Tarjeta de visita digital',
};
