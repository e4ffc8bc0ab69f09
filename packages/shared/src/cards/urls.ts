import { keyed, type KeyedMessage } from '../i18n/keyed';

/**
 * URL rules shared by the editor form and the server. Anything that ends up in an href passes through
 * `toSafeLinkUrl`, so a card can never carry a `javascript:` or `data:` link.
 */

/**
 * A website URL: optional http or https prefix, a domain, a top-level domain of at least 2 letters, optional path.
 * The domain is judged in its ASCII (punycode) form, so international domain names count; a punycode top-level
 * domain (xn--…) counts as letters.
 */
const asciiHostname = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

/**
 * A web address in its normalised WHATWG form (`new URL(…).href`): lower-case scheme and host, the host in
 * punycode, the path, query and fragment percent-encoded. Only that form is stored, so whatever reads a link
 * later (a redirect's Location header, a vCard, an href) gets plain ASCII. null when it is not a web address.
 */
export function parseWebUrl(raw: string): string | null {
  const value = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\s\u0000-\u001f\u007f\\]/.test(value)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]*\.[^:/]*:\d/.test(value);
  if (hasScheme && !/^https?:\/\/[^/]/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // user:password@host hides the real host from a reader ("https://bank.com@evil.example").
  if (url.username !== '' || url.password !== '') return null;
  return asciiHostname.test(url.hostname) ? url.href : null;
}

export function isWebsiteUrl(value: string): boolean {
  return parseWebUrl(value) !== null;
}

/** A website as stored: normalised, with its scheme (https when none was typed). */
export function normaliseWebsiteUrl(value: string): string {
  return parseWebUrl(value) ?? value.trim();
}

/** A safety rule of our own: the only schemes a link on a card may use. */
export const allowedLinkSchemes = ['https', 'http', 'mailto', 'tel', 'sms'] as const;

const invalidLinkMessage = keyed('invalidLink');

export type UrlCheck = { ok: true; url: string } | { ok: false; message: KeyedMessage };

const emailAddress = /^[^\s@/?#]+@[^\s@/?#]+\.[^\s@/?#]{2,}$/;
const phoneNumber = /^\+?[0-9][0-9 ().-]{1,30}$/;

/**
 * Checks a link typed by a person and returns it as stored. A value without a scheme is taken as a web
 * address (https). A scheme outside `allowedLinkSchemes` is refused rather than "fixed".
 */
export function toSafeLinkUrl(raw: string, options: { webOnly?: boolean } = {}): UrlCheck {
  const value = raw.trim();
  if (value === '') return { ok: false, message: invalidLinkMessage };
  // Whitespace or control characters inside a link are either a typo or an attempt to smuggle a scheme.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return { ok: false, message: invalidLinkMessage };

  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  // "example.com:8080/x" has no scheme: what precedes the colon is a host (it has a dot) and a port.
  const hasScheme = scheme !== undefined && !/^[^:/]*\.[^:/]*:\d/.test(value);
  if (!hasScheme) {
    const url = parseWebUrl(value);
    return url ? { ok: true, url } : { ok: false, message: invalidLinkMessage };
  }
  const webOnlyMessage = keyed('webLinkOnly');
  switch (scheme) {
    case 'https':
    case 'http': {
      const url = parseWebUrl(value);
      return url ? { ok: true, url } : { ok: false, message: invalidLinkMessage };
    }
    case 'mailto': {
      if (options.webOnly) return { ok: false, message: webOnlyMessage };
      const address = value.slice('mailto:'.length).split('?')[0] ?? '';
      return emailAddress.test(decodeURIComponentSafe(address))
        ? { ok: true, url: value }
        : { ok: false, message: keyed('invalidMailtoLink') };
    }
    case 'tel':
    case 'sms': {
      if (options.webOnly) return { ok: false, message: webOnlyMessage };
      const number = value.slice(scheme.length + 1).split('?')[0] ?? '';
      return phoneNumber.test(decodeURIComponentSafe(number))
        ? { ok: true, url: value }
        : { ok: false, message: keyed('invalidPhoneLink', { scheme }) };
    }
    default:
      return { ok: false, message: options.webOnly ? webOnlyMessage : keyed('unsafeLinkScheme') };
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
