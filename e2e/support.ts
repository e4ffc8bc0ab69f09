import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { googleIdentityFile } from './global-setup';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

/** No serious or critical accessibility violations on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

export async function registerThroughUi(page: Page, input: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(input.name);
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel('Password').fill(input.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** A server the tests talk to: the one global-setup.ts started (`mainServer()`), or a spec's own second one. */
export interface TestServer {
  baseUrl: string;
  dataDir: string;
}
export const mainServer = (): TestServer => ({ baseUrl: process.env.E2E_BASE_URL!, dataDir: process.env.E2E_DATA_DIR! });

/**
 * Registers through the API (fast) and leaves the browser signed in. Unless `verified: false`, the address is
 * confirmed through the mailed link as a person would (unconfirmed accounts send no invitations and get no
 * lead mails).
 */
export async function registerThroughApi(
  page: Page,
  input: { name?: string; email?: string; password?: string; verified?: boolean } = {},
  server: TestServer = mainServer(),
) {
  const account = { name: input.name ?? 'Api User', email: input.email ?? uniqueEmail('api'), password: input.password ?? 'correct horse battery' };
  const headers = { origin: server.baseUrl };
  const response = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, { data: account, headers });
  expect(response.ok()).toBe(true);
  if (input.verified !== false) {
    const link = await mailLinkFor(account.email, /\/api\/auth\/verify-email\?[^\s"<]+/, server);
    expect((await page.request.get(`${server.baseUrl}${link}`)).ok()).toBe(true);
    // The confirmation removed the password given at sign-up and landed on "Choose a password": choose it again.
    const chosen = await page.request.post(`${server.baseUrl}/api/account/password`, {
      data: { newPassword: account.password, confirmPassword: account.password },
      headers,
    });
    expect(chosen.ok()).toBe(true);
  }
  return account;
}

/** Makes the mock Google provider sign in this person (instead of the default Google user) until `restore()`. */
export function signInToGoogleAs(user: { email: string; name: string }): { restore(): void } {
  const file = path.join(process.env.E2E_DATA_DIR!, googleIdentityFile);
  fs.writeFileSync(file, JSON.stringify({ ...user, sub: `sub-${user.email}` }));
  return { restore: () => fs.rmSync(file, { force: true }) };
}

/** Decodes a quoted-printable mail body (soft line breaks, =XX bytes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails to one recipient as text (quoted-printable decoded). */
export function decodedMailsFor(email: string, server: TestServer = mainServer()): string[] {
  return mailboxMessagesFor(email, server).map(decodeQuotedPrintable);
}

/** Waits for a mail to `email` with a link matching `pattern` (a path) and answers the newest such link. */
export async function mailLinkFor(email: string, pattern: RegExp, server: TestServer = mainServer()): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const found = decodedMailsFor(email, server)
          .map((mail) => mail.match(pattern)?.[0])
          .filter((match): match is string => Boolean(match));
        link = found.at(-1)?.replace(/&amp;/g, '&') ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}

/** The .eml files the local mailbox transport wrote for one recipient. */
export function mailboxMessagesFor(email: string, server: TestServer = mainServer()): string[] {
  const mailbox = path.join(server.dataDir, 'mailbox');
  if (!fs.existsSync(mailbox)) return [];
  return fs
    .readdirSync(mailbox)
    .filter((name) => name.includes(email))
    .map((name) => fs.readFileSync(path.join(mailbox, name), 'utf8'));
}
