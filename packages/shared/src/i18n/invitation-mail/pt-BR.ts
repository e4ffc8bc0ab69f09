import type { InvitationMailCatalog } from './en';

export const invitationMailBrazilianPortuguese: InvitationMailCatalog = {
  subject: '{inviter} convidou você para entrar {team}',
  teamOf: 'na equipe de {owner}',
  someTeam: 'em uma equipe',
  title: 'Convite para equipe',
  heading: 'Você recebeu um convite',
  sentence: '{inviter} convidou você para entrar {team} como {role, select, admin {administrador} other {funcionário}}.',
  howTo: 'Aceite com seu e-mail e uma senha, ou com o Google. O link funciona até {date}.',
  accept: 'Aceitar convite',
  notExpected: 'Se você não esperava este convite, ignore este e-mail.',
  footer: 'Você recebe este e-mail porque alguém convidou você para a equipe dele.',
};
