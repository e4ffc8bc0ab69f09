import type { LeadMailCatalog } from './en';

export const leadMailGerman: LeadMailCatalog = {
  subject: 'Neuer Lead: {who}',
  someone: 'Jemand',
  title: 'Neuer Lead',
  heading: 'Sie haben einen neuen Lead',
  intro: '{who} hat auf Ihrer Karte „{cardName}“ Kontaktdaten hinterlassen.',
  name: 'Name',
  email: 'E-Mail',
  phone: 'Telefon',
  company: 'Firma',
  message: 'Nachricht',
  consent: 'Einwilligung',
  consentGiven: 'Erteilt am {date}',
  openContact: 'Kontakt öffnen',
  footer: 'Sie erhalten diese E-Mail, weil jemand das Kontaktformular auf Ihrer Karte genutzt hat. Sie können diese E-Mails in den Einstellungen abschalten.',
  turnOff: 'Diese E-Mails in den Einstellungen abschalten',
};
