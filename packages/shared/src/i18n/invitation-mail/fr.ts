import type { InvitationMailCatalog } from './en';

export const invitationMailFrench: InvitationMailCatalog = {
  subject: '{inviter} vous invite à rejoindre {team}',
  teamOf: 'l’équipe de {owner}',
  someTeam: 'une équipe',
  title: 'Invitation à une équipe',
  heading: 'Vous êtes invité',
  sentence: '{inviter} vous invite à rejoindre {team} en tant {role, select, admin {qu’administrateur} other {que collaborateur}}.',
  howTo: 'Acceptez avec votre adresse e-mail et un mot de passe, ou avec Google. Le lien est valable jusqu’au {date}.',
  accept: 'Accepter l’invitation',
  notExpected: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
  footer: 'Vous recevez cet e-mail parce que quelqu’un vous a invité dans son équipe.',
};
