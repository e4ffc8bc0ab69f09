import type { LeadMailCatalog } from './en';

export const leadMailFrench: LeadMailCatalog = {
  subject: 'Nouveau contact\u00a0: {who}',
  someone: 'Quelqu’un',
  title: 'Nouveau contact',
  heading: 'Vous avez un nouveau contact',
  intro: '{who} a laissé ses coordonnées sur votre carte «\u00a0{cardName}\u00a0».',
  name: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  company: 'Entreprise',
  message: 'Message',
  consent: 'Consentement',
  consentGiven: 'Donné le {date}',
  openContact: 'Ouvrir le contact',
  footer: 'Vous recevez cet e-mail parce que quelqu’un a utilisé le formulaire de votre carte. Vous pouvez désactiver ces e-mails dans les paramètres.',
  turnOff: 'Désactiver ces e-mails dans les paramètres',
};
