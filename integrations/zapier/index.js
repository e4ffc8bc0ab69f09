'use strict';

const { version } = require('./package.json');
const { version: platformVersion } = require('zapier-platform-core');
const authentication = require('./authentication');
const newLead = require('./triggers/new-lead');
const createContact = require('./creates/create-contact');

/** Every request carries the connection's access token. */
const addBearer = (request, z, bundle) => {
  if (bundle.authData && bundle.authData.access_token) {
    request.headers = request.headers || {};
    request.headers.Authorization = `Bearer ${bundle.authData.access_token}`;
  }
  return request;
};

module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [addBearer],
  triggers: { [newLead.key]: newLead },
  creates: { [createContact.key]: createContact },
};
