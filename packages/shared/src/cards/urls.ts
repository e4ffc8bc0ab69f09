/**
 * URL rules shared by the editor form and the server. Anything that ends up in an href passes through
 * `toSafeLinkUrl`, so a card can never carry a `javascript:` or `data:` link.
 */

/**
 * Spec §5: "Website URL: optional http or https prefix, a domain, a top-level domain of at least 2 letters,
 * optional path." Punycode top-level domains (xn--…) count as letters.
 */
const websitePattern =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export const invalidWebsiteMessage = 'Enter a valid website address, such as example.com';

export function isWebsiteUrl(value: string): boolean {
  return websitePattern.test(value.trim());
}

/** A website as stored: with its scheme, https when none was typed. */
export function normaliseWebsiteUrl(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Spec-independent safety rule: the only schemes a link on a card may use. */
export const allowedLinkSchemes = ['https', 'http', 'mailto', 'tel', 'sms'] as const;

export const unsafeSchemeMessage = 'Links must start with https://, http://, mailto:, tel: or sms:';
export const invalidLinkMessage = 'Enter a valid link, such as https://example.com';

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

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
    return isWebsiteUrl(value) ? { ok: true, url: `https://${value}` } : { ok: false, message: invalidLinkMessage };
  }
  const webOnlyMessage = 'Links of this kind must start with https:// or http://';
  switch (scheme) {
    case 'https':
    case 'http': {
      if (!/^https?:\/\//i.test(value)) return { ok: false, message: invalidLinkMessage };
      return isWebsiteUrl(value) ? { ok: true, url: value } : { ok: false, message: invalidLinkMessage };
    }
    case 'mailto': {
      if (options.webOnly) return { ok: false, message: webOnlyMessage };
      const address = value.slice('mailto:'.length).split('?')[0] ?? '';
      return emailAddress.test(decodeURIComponentSafe(address))
        ? { ok: true, url: value }
        : { ok: false, message: 'Enter a valid email address after mailto:' };
    }
    case 'tel':
    case 'sms': {
      if (options.webOnly) return { ok: false, message: webOnlyMessage };
      const number = value.slice(scheme.length + 1).split('?')[0] ?? '';
      return phoneNumber.test(decodeURIComponentSafe(number))
        ? { ok: true, url: value }
        : { ok: false, message: `Enter a valid phone number after ${scheme}:` };
    }
    default:
      return { ok: false, message: options.webOnly ? webOnlyMessage : unsafeSchemeMessage };
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
