import { z } from 'zod';
import { keyed } from '../i18n/keyed';
import { isWebsiteUrl, normaliseWebsiteUrl, toSafeLinkUrl, type UrlCheck } from './urls';

/** The kinds of link a card can show, named as stored cards name them; `empty` is a custom link with its own label. */
export const linkKinds = [
  'website',
  'facebook',
  'instagram',
  'twitter',
  'whatsapp',
  'linkedin',
  'addressUrl',
  'tikTok',
  'telegram',
  'viberGroup',
  'spotify',
  'snapchat',
  'empty',
] as const;
export const linkKindSchema = z.enum(linkKinds, { error: keyed('chooseLinkType') });
export type LinkKind = z.infer<typeof linkKindSchema>;

/** What the editor's type picker shows and what a link without its own label displays. */
export const linkKindLabels: Record<LinkKind, string> = {
  website: 'Website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  whatsapp: 'WhatsApp',
  linkedin: 'LinkedIn',
  addressUrl: 'Address',
  tikTok: 'TikTok',
  telegram: 'Telegram',
  viberGroup: 'Viber group',
  spotify: 'Spotify',
  snapchat: 'Snapchat',
  empty: 'Custom link',
};

/** A hint for the editor's input, matching what `normaliseLinkUrl` accepts. */
export const linkKindPlaceholders: Record<LinkKind, string> = {
  website: 'example.com',
  facebook: 'facebook.com/yourpage or yourpage',
  instagram: '@yourname or instagram.com/yourname',
  twitter: '@yourname or x.com/yourname',
  whatsapp: '+49 170 1234567 or wa.me/491701234567',
  linkedin: 'linkedin.com/in/yourname or yourname',
  addressUrl: 'maps.app.goo.gl/…',
  tikTok: '@yourname or tiktok.com/@yourname',
  telegram: '@yourname or t.me/yourname',
  viberGroup: 'invite.viber.com/?g2=…',
  spotify: 'open.spotify.com/…',
  snapchat: 'yourname or snapchat.com/add/yourname',
  empty: 'https://…, mailto:…, tel:…',
};

/** Kinds where a bare handle (or, for WhatsApp, a phone number) is turned into the platform's address. */
const handleRules: Partial<Record<LinkKind, { pattern: RegExp; toUrl: (handle: string) => string }>> = {
  facebook: { pattern: /^[A-Za-z0-9.]{3,50}$/, toUrl: (h) => `https://www.facebook.com/${h}` },
  instagram: { pattern: /^@?[A-Za-z0-9._]{1,30}$/, toUrl: (h) => `https://www.instagram.com/${h}` },
  twitter: { pattern: /^@?[A-Za-z0-9_]{1,15}$/, toUrl: (h) => `https://x.com/${h}` },
  linkedin: { pattern: /^[A-Za-z0-9-]{3,100}$/, toUrl: (h) => `https://www.linkedin.com/in/${h}` },
  tikTok: { pattern: /^@?[A-Za-z0-9._]{2,24}$/, toUrl: (h) => `https://www.tiktok.com/@${h}` },
  telegram: { pattern: /^@?[A-Za-z0-9_]{5,32}$/, toUrl: (h) => `https://t.me/${h}` },
  snapchat: { pattern: /^[A-Za-z0-9._-]{3,15}$/, toUrl: (h) => `https://www.snapchat.com/add/${h}` },
};

const phoneLike = /^\+?[0-9][0-9 ().-]{5,24}$/;

/**
 * Turns what a person typed for a link of a kind into the address stored on the card. Sensible shorthand
 * is accepted (an @handle, a WhatsApp number, a domain without https://); every result is a safe link.
 */
export function normaliseLinkUrl(kind: LinkKind, raw: string): UrlCheck {
  const value = raw.trim();
  if (value === '') return { ok: false, message: keyed('linkRequired') };
  switch (kind) {
    case 'website':
      return isWebsiteUrl(value) ? { ok: true, url: normaliseWebsiteUrl(value) } : { ok: false, message: keyed('invalidWebsite') };
    case 'empty':
      return toSafeLinkUrl(value);
    case 'whatsapp':
      // wa.me wants the international number as digits only: "+49 170 …" and "0049 170 …" are the same.
      if (phoneLike.test(value)) return { ok: true, url: `https://wa.me/${value.replace(/\D/g, '').replace(/^00/, '')}` };
      return toSafeLinkUrl(value, { webOnly: true });
    default: {
      const rule = handleRules[kind];
      // Without a slash or a colon it is a handle, even with dots in it ("ada.codes" on Instagram).
      if (rule && !/[/:]/.test(value) && rule.pattern.test(value)) {
        return { ok: true, url: rule.toUrl(value.replace(/^@/, '')) };
      }
      if (rule && value.startsWith('@')) return { ok: false, message: keyed('invalidHandle', { network: linkKindLabels[kind] }) };
      return toSafeLinkUrl(value, { webOnly: true });
    }
  }
}

/** A link as the editor submits it; `url` comes back normalised. */
export const linkInput = z
  .object({
    kind: linkKindSchema,
    url: z.string().max(2000, keyed('linkTooLong', { max: 2000 })),
    label: z.string().trim().max(100, keyed('linkLabelTooLong', { max: 100 })).default(''),
  })
  .transform((link, ctx) => {
    const checked = normaliseLinkUrl(link.kind, link.url);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message, path: ['url'] });
      return z.NEVER;
    }
    if (link.kind === 'empty' && link.label === '') {
      ctx.addIssue({ code: 'custom', message: keyed('customLinkLabelRequired'), path: ['label'] });
      return z.NEVER;
    }
    return { kind: link.kind, url: checked.url, label: link.label };
  });
export type LinkInput = z.input<typeof linkInput>;

/** A stored link. */
export const link = z.object({ kind: linkKindSchema, url: z.string(), label: z.string() });
export type Link = z.infer<typeof link>;

export function linkDisplayLabel(value: Link): string {
  return value.label || linkKindLabels[value.kind];
}
