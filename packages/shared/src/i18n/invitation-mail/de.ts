import type { InvitationMailCatalog } from './en';

export const invitationMailGerman: InvitationMailCatalog = {
  subject: '{inviter} lädt Sie ein, {team} beizutreten',
  teamOf: 'dem Team von {owner}',
  someTeam: 'einem Team',
  title: 'Einladung ins Team',
  heading: 'Sie sind eingeladen',
  sentence: '{inviter} lädt Sie ein, {team} als {role, select, admin {Admin} other {Mitarbeiter}} beizutreten.',
  howTo: 'Nehmen Sie die Einladung mit Ihrer E-Mail-Adresse und einem Passwort an oder mit Google. Der Link gilt bis {date}.',
  accept: 'Einladung annehmen',
  notExpected: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
  footer: 'Sie erhalten diese E-Mail, weil jemand Sie in sein Team eingeladen hat.',
};
