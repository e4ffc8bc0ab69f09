'use strict';

/**
 * The Cards instance this app talks to. Each operator publishes the app privately for their own server and
 * sets it with `zapier env:set <version> CARDS_BASE_URL=https://cards.example.com`.
 */
const baseUrl = () => (process.env.CARDS_BASE_URL || 'http://localhost:3000').replace(/\/$/, '');

module.exports = { baseUrl };
