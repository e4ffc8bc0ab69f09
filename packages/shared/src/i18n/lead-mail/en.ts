/**
 * The mail a card's owner gets for each new lead, in English; the other languages translate these keys
 * (`./{locale}.ts`). `{date}` is the day the visitor agreed, formatted in the owner's language and time zone.
 */
export const leadMailEnglish = {
  subject: 'New lead: {who}',
  someone: 'Someone',
  title: 'New lead',
  heading: 'You have a new lead',
  intro: '{who} left their details on your card “{cardName}”.',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  message: 'Message',
  consent: 'Consent',
  consentGiven: 'Given on {date}',
  openContact: 'Open the contact',
  footer: 'You receive this email because someone used the lead form on your card. Turn these emails off in Settings.',
  turnOff: 'Turn these emails off in Settings',
} as const;

export type LeadMailMessageId = keyof typeof leadMailEnglish;
export type LeadMailCatalog = Record<LeadMailMessageId, string>;
