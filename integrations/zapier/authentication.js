'use strict';

const { baseUrl } = require('./base-url');

const form = (values) => new URLSearchParams(values).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

/** The authorization code from /oauth for tokens (RFC 6749 §4.1.3). */
const getAccessToken = async (z, bundle) => {
  const response = await z.request({
    url: `${baseUrl()}/api/oauth/token`,
    method: 'POST',
    headers: formHeaders,
    body: form({
      grant_type: 'authorization_code',
      code: bundle.inputData.code,
      redirect_uri: bundle.inputData.redirect_uri,
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
    }),
  });
  return { access_token: response.data.access_token, refresh_token: response.data.refresh_token };
};

/** A new access token (and a new refresh token: the server retires each refresh token once used). */
const refreshAccessToken = async (z, bundle) => {
  const response = await z.request({
    url: `${baseUrl()}/api/oauth/token`,
    method: 'POST',
    headers: formHeaders,
    body: form({
      grant_type: 'refresh_token',
      refresh_token: bundle.authData.refresh_token,
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
    }),
  });
  return { access_token: response.data.access_token, refresh_token: response.data.refresh_token };
};

/** The connection test; its answer also labels the connection in Zapier. */
const test = async (z) => {
  const response = await z.request({ url: `${baseUrl()}/api/v1/me` });
  return response.data;
};

module.exports = {
  type: 'oauth2',
  test,
  connectionLabel: '{{email}}',
  oauth2Config: {
    authorizeUrl: {
      url: `${baseUrl()}/oauth`,
      params: {
        client_id: '{{process.env.CLIENT_ID}}',
        state: '{{bundle.inputData.state}}',
        redirect_uri: '{{bundle.inputData.redirect_uri}}',
        response_type: 'code',
      },
    },
    getAccessToken,
    refreshAccessToken,
    // The server answers 401 to an expired token; Zapier then refreshes and retries.
    autoRefresh: true,
  },
  fields: [],
};
