import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiScopeLabels, apiScopes, integrationMessages, webhookDeliveryStatuses, webhookEventLabels, webhookEvents } from '@cardstack/shared/integrations/schemas';
import { paidFeatureTexts } from '@cardstack/shared/plans/plan-texts';
import type { IntegrationsMessageId } from './messages';

/*
 * The integrations catalog translates texts that packages/shared writes in English (the screen's messages, the
 * API scopes and webhook events, the paid overlay on the consent page): its English must stay them word for word.
 */
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'messages', 'en.json'), 'utf8')) as Record<IntegrationsMessageId, string>;

describe('the English integrations catalog', () => {
  it('says the integrations messages as packages/shared does', () => {
    const shared: Array<[IntegrationsMessageId, string]> = [
      ['screenTitle', integrationMessages.screenTitle],
      ['screenText', integrationMessages.screenText],
      ['zapierText', integrationMessages.zapierText],
      ['connect', integrationMessages.connect],
      ['connected', integrationMessages.connected],
      ['disconnect', integrationMessages.disconnect],
      ['disconnected', integrationMessages.disconnected],
      ['zapierNotConfigured', integrationMessages.zapierNotConfigured],
      ['keyCreated', integrationMessages.keyCreated],
      ['keyRevoked', integrationMessages.keyRevoked],
      ['paidTitle', paidFeatureTexts.title],
      ['paidMessage', paidFeatureTexts.message],
      ['upgrade', paidFeatureTexts.upgrade],
    ];
    for (const [id, text] of shared) expect(english[id], id).toBe(text);
  });

  it('names every API scope and webhook event as packages/shared does, and every delivery status as the API sends it', () => {
    for (const scope of apiScopes) expect(english[`scope.${scope}`]).toBe(apiScopeLabels[scope]);
    for (const event of webhookEvents) expect(english[`event.${event}`]).toBe(webhookEventLabels[event]);
    for (const status of webhookDeliveryStatuses) expect(english[`status.${status}`]).toBe(status);
  });
});
