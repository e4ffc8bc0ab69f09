import type { RegistrationMode } from '@cardstack/shared/admin/schemas';
import type { DesignRequestStatus } from '@cardstack/shared/design-requests/schemas';
import type { adminMessages } from './messages';

type MessageId = keyof typeof adminMessages.english;

/*
 * The console's messages for values of the shared schemas. Their English is the shared labels
 * (registrationModeLabels, designRequestStatusLabels): messages.test.ts keeps them equal.
 */

export const registrationModeMessageIds = {
  open: 'modeOpen',
  invitation: 'modeInvitation',
  domains: 'modeDomains',
} as const satisfies Record<RegistrationMode, MessageId>;

export const designRequestStatusMessageIds = {
  new: 'statusNew',
  'in-progress': 'statusInProgress',
  done: 'statusDone',
  rejected: 'statusRejected',
} as const satisfies Record<DesignRequestStatus, MessageId>;
