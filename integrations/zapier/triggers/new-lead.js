'use strict';

const { baseUrl } = require('../base-url');

const sample = {
  id: '6c1f7c1e-3d2b-4c3f-9a53-2f1c9b0d7e11',
  ownerId: 'user_123',
  teamOwnerId: null,
  cardId: 'card_123',
  cardName: 'Work card',
  kind: 'lead',
  manualAdd: false,
  name: 'Lena Lead',
  email: 'lena@example.com',
  phone: '+49 30 1234567',
  company: 'Example GmbH',
  jobTitle: '',
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-01-15T09:30:00.000Z',
};

const outputFields = [
  { key: 'id', label: 'Lead ID' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'company', label: 'Company' },
  { key: 'cardId', label: 'Card ID' },
  { key: 'cardName', label: 'Card' },
  { key: 'kind', label: 'Kind' },
  { key: 'createdAt', label: 'Received at', type: 'datetime' },
];

/** REST hook: the server POSTs every new lead to Zapier's target URL. */
const performSubscribe = async (z, bundle) => {
  const response = await z.request({
    url: `${baseUrl()}/api/v1/hooks`,
    method: 'POST',
    body: { target_url: bundle.targetUrl, event: 'lead.created' },
  });
  return response.data;
};

const performUnsubscribe = async (z, bundle) => {
  await z.request({ url: `${baseUrl()}/api/v1/hooks/${encodeURIComponent(bundle.subscribeData.id)}`, method: 'DELETE' });
  return {};
};

/** A delivery: `{type, timestamp, data}`; the lead is `data`. */
const perform = async (z, bundle) => [bundle.cleanedRequest.data];

/** Recent leads, newest first with stable ids (samples in the editor, and deduplication). */
const performList = async (z) => {
  const response = await z.request({ url: `${baseUrl()}/api/v1/contacts`, params: { kind: 'lead', limit: 25 } });
  return response.data.contacts;
};

module.exports = {
  key: 'new_lead',
  noun: 'Lead',
  display: {
    label: 'New Lead',
    description: 'Triggers when a visitor leaves their details on one of your cards.',
  },
  operation: {
    type: 'hook',
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample,
    outputFields,
  },
};
