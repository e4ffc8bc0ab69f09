'use strict';

const { baseUrl } = require('../base-url');

const perform = async (z, bundle) => {
  const { name, email, phone, company, jobTitle, notes } = bundle.inputData;
  const response = await z.request({
    url: `${baseUrl()}/api/v1/contacts`,
    method: 'POST',
    body: { name: name || '', email: email || '', phone: phone || '', company: company || '', jobTitle: jobTitle || '', notes: notes || '' },
  });
  return response.data.contact;
};

module.exports = {
  key: 'create_contact',
  noun: 'Contact',
  display: {
    label: 'Create Contact',
    description: 'Adds a contact to your Cards contacts (a name or an email is required).',
  },
  operation: {
    inputFields: [
      { key: 'name', label: 'Name', helpText: 'A name or an email is required.' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone' },
      { key: 'company', label: 'Company' },
      { key: 'jobTitle', label: 'Job title' },
      { key: 'notes', label: 'Notes', type: 'text' },
    ],
    perform,
    sample: {
      id: '0b8e4c3a-1f7d-4d5e-8c2b-9e6f1a2b3c4d',
      ownerId: 'user_123',
      teamOwnerId: null,
      cardId: null,
      cardName: null,
      kind: 'manual',
      manualAdd: true,
      name: 'Chris Contact',
      email: 'chris@example.com',
      phone: '',
      company: 'Example Ltd',
      jobTitle: 'Buyer',
      message: '',
      notes: 'Added by Zapier',
      consentText: null,
      consentAt: null,
      scan: null,
      createdAt: '2026-01-15T09:30:00.000Z',
      updatedAt: '2026-01-15T09:30:00.000Z',
    },
    outputFields: [
      { key: 'id', label: 'Contact ID' },
      { key: 'name', label: 'Name' },
      { key: 'email', label: 'Email' },
      { key: 'phone', label: 'Phone' },
      { key: 'company', label: 'Company' },
      { key: 'jobTitle', label: 'Job title' },
      { key: 'createdAt', label: 'Created at', type: 'datetime' },
    ],
  },
};
