import type { WalletPassCatalog } from './en';

export const walletPassSpanish: WalletPassCatalog = {
  company: 'Empresa',
  name: 'Nombre',
  jobTitle: 'Cargo',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  address: 'Dirección',
  card: 'Tarjeta',
  numbered: '{label} {number}',
  businessCard: 'Tarjeta de visita',
  digitalBusinessCard: 'Tarjeta de visita digital',
};
