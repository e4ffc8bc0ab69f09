import type { LeadMailCatalog } from './en';

export const leadMailSpanish: LeadMailCatalog = {
  subject: 'Nuevo contacto: {who}',
  someone: 'Alguien',
  title: 'Nuevo contacto',
  heading: 'Tienes un nuevo contacto',
  intro: '{who} ha dejado sus datos en tu tarjeta «{cardName}».',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  company: 'Empresa',
  message: 'Mensaje',
  consent: 'Consentimiento',
  consentGiven: 'Dado el {date}',
  openContact: 'Abrir el contacto',
  footer: 'Recibes este correo porque alguien ha usado el formulario de tu tarjeta. Puedes desactivar estos correos en los ajustes.',
  turnOff: 'Desactivar estos correos en los ajustes',
};
