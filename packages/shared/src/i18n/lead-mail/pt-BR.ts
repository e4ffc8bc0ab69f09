import type { LeadMailCatalog } from './en';

export const leadMailBrazilianPortuguese: LeadMailCatalog = {
  subject: 'Novo contato: {who}',
  someone: 'Alguém',
  title: 'Novo contato',
  heading: 'Você tem um novo contato',
  intro: '{who} deixou seus dados no seu cartão “{cardName}”.',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  company: 'Empresa',
  message: 'Mensagem',
  consent: 'Consentimento',
  consentGiven: 'Dado em {date}',
  openContact: 'Abrir o contato',
  footer: 'Você recebe este e-mail porque alguém usou o formulário do seu cartão. Desative estes e-mails nas configurações.',
  turnOff: 'Desativar estes e-mails nas configurações',
};
