import type { InvitationMailCatalog } from './en';

export const invitationMailSpanish: InvitationMailCatalog = {
  subject: '{inviter} te invita a unirte {team}',
  teamOf: 'al equipo de {owner}',
  someTeam: 'a un equipo',
  title: 'Invitación a un equipo',
  heading: 'Tienes una invitación',
  sentence: '{inviter} te invita a unirte {team} como {role, select, admin {administrador} other {empleado}}.',
  howTo: 'Acepta con tu correo electrónico y una contraseña, o con Google. El enlace funciona hasta el {date}.',
  accept: 'Aceptar la invitación',
  notExpected: 'Si no esperabas esta invitación, ignora este correo.',
  footer: 'Recibes este correo porque alguien te ha invitado a su equipo.',
};
