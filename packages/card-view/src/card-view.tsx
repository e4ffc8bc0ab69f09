import type { CSSProperties, ReactNode } from 'react';
import type { Card } from '@cardstack/shared/cards/schemas';
import { defaultCardTheme } from '@cardstack/shared/cards/schemas';
import { imagePositionCss, imagePositions, type ImagePosition } from '@cardstack/shared/cards/images';
import { isHexColour, normaliseHexColour } from '@cardstack/shared/cards/hex-colour';
import { linkDisplayLabel } from '@cardstack/shared/cards/links';
import { toSafeLinkUrl } from '@cardstack/shared/cards/urls';
import { toYouTubeEmbedUrl } from '@cardstack/shared/cards/youtube';
import { contactIconPaths, Icon, linkIconPaths } from './card-view-icons';

/*
 * The card as people see it: on its public page (server-rendered with `renderToStaticMarkup`, no client
 * JavaScript) and as the editor's live preview. Pure render — no hooks, no browser APIs — so both give the same
 * markup. Every text goes through React's escaping and every href through the shared URL-safety rule: the data
 * may come from unsaved form values, so nothing here trusts it.
 */

/** What the card view reads from a card. The editor preview builds one from its unsaved form values. */
export type CardViewData = Pick<
  Card,
  | 'name'
  | 'jobTitle'
  | 'companyName'
  | 'description'
  | 'email'
  | 'phone'
  | 'address'
  | 'addressLink'
  | 'emails'
  | 'phones'
  | 'addresses'
  | 'coverImage'
  | 'profilePicture'
  | 'links'
  | 'downloadableFiles'
  | 'widgets'
  | 'theme'
>;

/** The card's own headings and titles, in the page's language (the public page translates them). */
export interface CardViewLabels {
  contact: string;
  links: string;
  files: string;
  /** The videos' heading, for this many videos. */
  videos: (count: number) => string;
  /** A video's title: `number` is null when the card has one video. */
  video: (number: number | null) => string;
  /** The preview's placeholder while the card has no name. */
  yourName: string;
}

export const englishCardViewLabels: CardViewLabels = {
  contact: 'Contact',
  links: 'Links',
  files: 'Files',
  videos: (count) => (count === 1 ? 'Video' : 'Videos'),
  video: (number) => (number === null ? 'YouTube video' : `YouTube video ${number}`),
  yourName: 'Your name',
};

export interface CardViewProps {
  card: CardViewData;
  /** English when left out. */
  labels?: CardViewLabels;
  /** 'public' (default): the card is the page, its name is the h1. 'preview': inside the editor. */
  mode?: 'preview' | 'public';
  /** Public-page actions under the name (the Save contact button). */
  actions?: ReactNode;
  /** The end of the card (the lead form). */
  footer?: ReactNode;
  /**
   * Public page: where a link or file row points instead of its own address (the server counts the click,
   * then redirects or serves the file). Called only for rows whose address passed the safety rule.
   */
  linkHref?: (index: number, safeHref: string) => string;
  fileHref?: (fileId: string, safeHref: string) => string;
}

const positionRules = imagePositions.map((position) => `.cv .${position}{object-position:${imagePositionCss[position]}}`).join('');

/**
 * The card's own style sheet. The public page inlines it in a <style> element and the SPA mounts it with the
 * preview; it does not rely on Tailwind, which the public page does not ship. Scoped under `.cv`.
 */
export const cardViewCss =
  '.cv{--cv-line:color-mix(in srgb,var(--cv-fg) 16%,transparent);box-sizing:border-box;max-width:28rem;margin:0 auto;overflow:hidden;' +
  'background:var(--cv-bg);color:var(--cv-fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;' +
  'border-radius:1rem;box-shadow:0 1px 4px rgba(0,0,0,.15);text-align:start}' +
  '.cv *,.cv *::before,.cv *::after{box-sizing:inherit}' +
  '.cv-cover{aspect-ratio:3/1;background:linear-gradient(135deg,var(--cv-label),var(--cv-fg))}' +
  '.cv-cover img{display:block;width:100%;height:100%;object-fit:cover}' +
  '.cv-head{position:relative;margin-top:-3.5rem;padding:0 1.25rem;text-align:center}' +
  '.cv-avatar{display:block;width:7rem;height:7rem;margin:0 auto;border:4px solid var(--cv-bg);border-radius:50%;object-fit:cover;' +
  'background:var(--cv-label);color:var(--cv-bg);font-size:2.5rem;font-weight:700;line-height:6.5rem;text-align:center}' +
  '.cv-name{margin:.75rem 0 0;font-size:1.5rem;line-height:1.25;font-weight:700}' +
  '.cv-job,.cv-org{margin:.25rem 0 0;color:var(--cv-label)}' +
  '.cv-org{font-weight:600}' +
  '.cv-name,.cv-job,.cv-org,.cv-desc,.cv-a{overflow-wrap:anywhere}' +
  '.cv-body{padding:1rem 1.25rem 1.5rem}' +
  '.cv-desc{margin:0;white-space:pre-line}' +
  '.cv-sec{margin-top:1.25rem}' +
  '.cv-h{margin:0 0 .5rem;font-size:.8rem;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:var(--cv-label)}' +
  '.cv-list{display:grid;gap:.5rem;margin:0;padding:0;list-style:none}' +
  '.cv-a{display:flex;align-items:center;gap:.75rem;min-height:44px;padding:.5rem .875rem;border:1px solid var(--cv-line);' +
  'border-radius:.75rem;color:inherit;text-decoration:none}' +
  'a.cv-a:hover{background:var(--cv-line)}' +
  '.cv a:focus-visible{outline:2px solid var(--cv-fg);outline-offset:2px}' +
  '.cv-a small{margin-inline-start:auto;color:var(--cv-label)}' +
  '.cv svg{flex:none;width:1.25rem;height:1.25rem;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}' +
  '.cv-video{display:block;width:100%;aspect-ratio:16/9;border:0;border-radius:.75rem}' +
  '.cv-muted{opacity:.6}' +
  positionRules;

function themeColour(value: string | undefined, fallback: string): string {
  return value && isHexColour(value) ? normaliseHexColour(value) : fallback;
}

function safeHref(url: string, webOnly = false): string | null {
  const checked = toSafeLinkUrl(url, { webOnly });
  return checked.ok ? checked.url : null;
}

/** Uploaded files are served by our own /files route; anything else must be an ordinary web address. */
function safeAssetUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^\/(?!\/)[^\s\\]*$/.test(url)) return url;
  return /^https?:\/\//i.test(url) ? safeHref(url, true) : null;
}

function routed(href: string | null, route: (href: string) => string | undefined): string | null {
  return href === null ? null : (route(href) ?? href);
}

function positionClass(position: string): ImagePosition {
  return (imagePositions as readonly string[]).includes(position) ? (position as ImagePosition) : 'object-center';
}

function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.length >= 3 ? safeHref(`tel:${digits}`) : null;
}

function mapsHref(address: string, addressLink?: string): string | null {
  const ownLink = addressLink ? safeHref(addressLink, true) : null;
  return ownLink ?? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('')
    .toUpperCase();
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface Row {
  key: string;
  icon: string;
  text: string;
  href: string | null;
  note?: string;
  isDownload?: boolean;
}

function Rows({ rows, newTab }: { rows: Row[]; newTab: boolean }) {
  return (
    <ul className="cv-list">
      {rows.map((row) => {
        const content = (
          <>
            <Icon path={row.icon} />
            <span>{row.text}</span>
            {row.note ? <small>{row.note}</small> : null}
          </>
        );
        const isWeb = row.href !== null && /^https?:/i.test(row.href);
        return (
          <li key={row.key}>
            {row.href ? (
              <a
                className="cv-a"
                href={row.href}
                download={row.isDownload ? '' : undefined}
                target={newTab && isWeb ? '_blank' : undefined}
                rel={isWeb ? 'noopener noreferrer' : undefined}
              >
                {content}
              </a>
            ) : (
              <span className="cv-a">{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Section({ title, level, children }: { title: string; level: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="cv-sec">
      <Heading className="cv-h">{title}</Heading>
      {children}
    </section>
  );
}

export function CardView({ card, labels = englishCardViewLabels, mode = 'public', actions, footer, linkHref, fileHref }: CardViewProps) {
  const isPreview = mode === 'preview';
  const NameHeading = isPreview ? 'h2' : 'h1';
  const sectionLevel = isPreview ? 3 : 2;
  const style = {
    '--cv-bg': themeColour(card.theme?.backgroundColor, defaultCardTheme.backgroundColor),
    '--cv-fg': themeColour(card.theme?.foregroundColor, defaultCardTheme.foregroundColor),
    '--cv-label': themeColour(card.theme?.labelColor, defaultCardTheme.labelColor),
  } as CSSProperties;

  const name = card.name.trim();
  const coverUrl = safeAssetUrl(card.coverImage.url);
  const profileUrl = safeAssetUrl(card.profilePicture.url);

  const phones = [card.phone, ...card.phones].map((value) => value.trim()).filter(Boolean);
  const emails = [card.email, ...card.emails].map((value) => value.trim()).filter(Boolean);
  const addresses = [card.address, ...card.addresses].map((value) => value.trim()).filter(Boolean);
  const contactRows: Row[] = [
    ...phones.map((phone, index) => ({ key: `p${index}`, icon: contactIconPaths.phone, text: phone, href: telHref(phone) })),
    ...emails.map((email, index) => ({ key: `e${index}`, icon: contactIconPaths.email, text: email, href: safeHref(`mailto:${email}`) })),
    ...addresses.map((address, index) => ({
      key: `a${index}`,
      icon: contactIconPaths.address,
      text: address,
      // The address link belongs to the main address only.
      href: mapsHref(address, index === 0 && card.address.trim() ? card.addressLink : undefined),
    })),
  ];

  const linkRows: Row[] = card.links.map((link, index) => ({
    key: `l${index}`,
    icon: linkIconPaths[link.kind] ?? linkIconPaths.empty,
    text: linkDisplayLabel(link),
    href: routed(safeHref(link.url), (href) => linkHref?.(index, href)),
  }));

  const fileRows: Row[] = card.downloadableFiles.map((file) => ({
    key: file.id,
    icon: contactIconPaths.file,
    text: file.name,
    note: formatFileSize(file.size),
    href: routed(safeAssetUrl(file.url), (href) => fileHref?.(file.id, href)),
    isDownload: true,
  }));

  // Only the privacy-enhanced embed address ever reaches an iframe, whatever the stored value says.
  const videos = card.widgets
    .filter((widget) => widget.kind === 'youtube')
    .map((widget) => toYouTubeEmbedUrl(widget.url))
    .filter((url): url is string => url !== null);

  return (
    <article className="cv" style={style} data-mode={mode}>
      <div className="cv-cover">
        {coverUrl ? (
          <img className={positionClass(card.coverImage.position)} src={coverUrl} alt={card.coverImage.alt} width={768} height={256} />
        ) : null}
      </div>
      <header className="cv-head">
        {profileUrl ? (
          <img
            className={`cv-avatar ${positionClass(card.profilePicture.position)}`}
            src={profileUrl}
            alt={card.profilePicture.alt || name}
            width={112}
            height={112}
          />
        ) : (
          <span className="cv-avatar" aria-hidden="true">
            {initialsOf(name)}
          </span>
        )}
        {name ? (
          <NameHeading className="cv-name">{name}</NameHeading>
        ) : isPreview ? (
          <NameHeading className="cv-name cv-muted">{labels.yourName}</NameHeading>
        ) : null}
        {card.jobTitle.trim() ? <p className="cv-job">{card.jobTitle}</p> : null}
        {card.companyName.trim() ? <p className="cv-org">{card.companyName}</p> : null}
      </header>
      <div className="cv-body">
        {actions}
        {card.description.trim() ? <p className="cv-desc">{card.description}</p> : null}
        {contactRows.length > 0 ? (
          <Section title={labels.contact} level={sectionLevel}>
            <Rows rows={contactRows} newTab={isPreview} />
          </Section>
        ) : null}
        {linkRows.length > 0 ? (
          <Section title={labels.links} level={sectionLevel}>
            <Rows rows={linkRows} newTab={isPreview} />
          </Section>
        ) : null}
        {fileRows.length > 0 ? (
          <Section title={labels.files} level={sectionLevel}>
            <Rows rows={fileRows} newTab={isPreview} />
          </Section>
        ) : null}
        {videos.length > 0 ? (
          <Section title={labels.videos(videos.length)} level={sectionLevel}>
            <div className="cv-list">
              {videos.map((url, index) => (
                <iframe
                  key={`${index}-${url}`}
                  className="cv-video"
                  src={url}
                  title={labels.video(videos.length === 1 ? null : index + 1)}
                  loading="lazy"
                  allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                />
              ))}
            </div>
          </Section>
        ) : null}
        {footer}
      </div>
    </article>
  );
}
