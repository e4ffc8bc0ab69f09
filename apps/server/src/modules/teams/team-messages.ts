/** What the team screens say when something cannot be done. */
export const teamMessages = {
  invitationInvalid: 'This invitation link is not valid. Ask the team for a new invitation.',
  invitationRevoked: 'This invitation was withdrawn. Ask the team for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask the team to send you a new one.',
  invitationUsed: 'This invitation has already been accepted.',
  otherEmail: (email: string) => `This invitation was sent to ${email}. Sign in with that email to accept it.`,
  inAnotherTeam: 'You are already a member of another team. Ask its owner to remove you before joining this one.',
  ownsTeam: 'You run a team of your own, so you cannot join another team.',
  ownTeam: 'You cannot join your own team.',
  alreadyMember: (email: string) => `${email} is already in the team.`,
  ownerEmail: 'This is the team owner’s email.',
  seatsFull: (allowance: number) => `All ${allowance} seats of your Teams plan are taken. Choose a larger team size to invite more people.`,
  cardsFull: (allowance: number) => `Your Teams plan allows ${allowance} cards. Choose a larger team size to add more.`,
  notPending: 'This member has already accepted: remove them instead.',
  notAccepted: (name: string) => `${name} has not accepted the invitation yet. Their card can be made once they have.`,
  notYourself: 'You cannot change or remove your own membership here.',
  memberNotFound: 'This member is not in the team.',
  notAllowed: 'Your role does not allow this. Ask the team owner.',
  adminNeedsRoles: 'Only the team owner or someone who may change roles can make a member an admin.',
  adminRowsNeedRoles: (rows: readonly number[]) =>
    `Only the team owner or someone who may change roles can make members admins (row${rows.length > 1 ? 's' : ''} ${rows.slice(0, 10).join(', ')}${rows.length > 10 ? ' …' : ''}).`,
} as const;
