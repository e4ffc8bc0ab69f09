import type { NotificationSettings } from '@cardstack/shared/contacts/schemas';
import * as repository from './contact-repository';
import { nowIso, type ContactsDeps } from './contact-deps';

export async function getNotificationSettings(deps: ContactsDeps, userId: string): Promise<NotificationSettings> {
  return { isNewLeadEmailOn: await repository.isNewLeadEmailOn(deps.db, userId) };
}

export async function updateNotificationSettings(
  deps: ContactsDeps,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await repository.setNewLeadEmailOn(deps.db, userId, settings.isNewLeadEmailOn, nowIso());
  return getNotificationSettings(deps, userId);
}
