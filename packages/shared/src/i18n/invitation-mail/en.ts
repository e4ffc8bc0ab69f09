/** The team invitation mail, in English; the other languages translate these keys (`./{locale}.ts`). */
export const invitationMailEnglish = {
  subject: '{inviter} invited you to join {team}',
  teamOf: '{owner}’s team',
  someTeam: 'a team',
  title: 'Team invitation',
  heading: 'You are invited',
  sentence: '{inviter} invited you to join {team} as {role, select, admin {an admin} other {an employee}}.',
  howTo: 'Accept with your email and a password, or with Google. The link works until {date}.',
  accept: 'Accept invitation',
  notExpected: 'If you did not expect this, ignore this email.',
  footer: 'You receive this email because someone invited you to their team.',
} as const;

export type InvitationMailMessageId = keyof typeof invitationMailEnglish;
export type InvitationMailCatalog = Record<InvitationMailMessageId, string>;
