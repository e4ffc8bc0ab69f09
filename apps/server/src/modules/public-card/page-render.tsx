import type { ReactNode } from 'react';
import { CardView, cardViewCss, type CardViewLabels } from '@cardstack/card-view/card-view';
import { isHexColour, normaliseHexColour } from '@cardstack/shared/cards/hex-colour';
import { defaultCardTheme, type Card } from '@cardstack/shared/cards/schemas';
import { contactLimits, leadHoneypotField } from '@cardstack/shared/contacts/schemas';
import { textDirection, type Locale } from '@cardstack/shared/i18n/locales';
import { publicCardPath, publicCardResourcePaths } from '@cardstack/shared/public-card/schemas';
import { vcardFileName } from '@cardstack/shared/vcard/vcard-writer';
import { walletPublicPaths, type WalletOffers } from '@cardstack/shared/wallet/schemas';
import { renderHtmlDocument } from '../../html/html-document';
import { leadConsentIn, pageTextIn, type PageText } from './page-language';

/*
 * The public card page as complete HTML: the same CardView the editor previews, the Save contact and QR code
 * actions, and the lead form. Every user text reaches the markup through React, which escapes it; nothing
 * here uses dangerouslySetInnerHTML. The page works without JavaScript: the contact is a plain link, the QR
 * code a <details> element and the lead form a plain POST.
 */

export const leadFieldNames = ['name', 'email', 'phone', 'company', 'message'] as const;
export type LeadFieldName = (typeof leadFieldNames)[number];

export type LeadFormState =
  | { kind: 'form'; values?: Partial<Record<LeadFieldName, string>> & { consent?: boolean }; errors?: Record<string, string> }
  | { kind: 'sent'; message: string };

export interface PageContext {
  baseUrl: string;
  /** The enhancement script's address (hashed, cached for a year). */
  scriptPath: string;
}

/** Page-level styles beside the card's own. Scoped by class; small enough to inline on every page. */
const pageCss =
  'html{background:#f4f4f5;-webkit-text-size-adjust:100%}body{margin:0;padding:1rem .75rem 2rem}' +
  '.pc-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem}' +
  '.pc-btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:44px;padding:.5rem 1rem;' +
  'border:1px solid var(--cv-line);border-radius:.75rem;background:none;color:inherit;font:inherit;font-weight:600;' +
  'text-decoration:none;cursor:pointer}' +
  '.pc-main{flex:1 1 10rem;background:var(--cv-fg);border-color:var(--cv-fg);color:var(--cv-bg)}' +
  '.pc-qr summary{list-style:none}.pc-qr summary::-webkit-details-marker{display:none}' +
  '.pc-qr[open]{flex:1 1 100%}.pc-qr[open] summary{width:100%}' +
  '.pc-qr img{display:block;width:240px;max-width:100%;height:auto;margin:.75rem auto;background:#fff}' +
  '.pc-row{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center}' +
  '.pc-form{display:grid;gap:.75rem}.pc-form label{display:grid;gap:.25rem;font-weight:600}' +
  '.pc-form input,.pc-form textarea{width:100%;min-height:44px;padding:.5rem .75rem;border:1px solid var(--cv-label);' +
  'border-radius:.5rem;background:var(--cv-bg);color:var(--cv-fg);font:inherit}' +
  '.pc-form .pc-check{display:flex;align-items:flex-start;gap:.5rem;font-weight:400}' +
  '.pc-check input{width:1.25rem;min-height:1.25rem;margin:.15rem 0 0;flex:none}' +
  '.pc-err{font-weight:600}.pc-err::before{content:"⚠ "}' +
  '.pc-hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}' +
  '.pc-msg{max-width:28rem;margin:4rem auto;padding:2rem;border-radius:1rem;background:#fff;color:#111827;' +
  'font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}' +
  '.pc-msg h1{margin:0 0 .5rem;font-size:1.5rem}.pc-msg p{margin:0}';

function themeColour(value: string, fallback: string): string {
  return isHexColour(value) ? normaliseHexColour(value) : fallback;
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function pageTitle(card: Pick<Card, 'name' | 'title' | 'jobTitle' | 'companyName'>, t: PageText = pageTextIn('en')): string {
  const who = card.name.trim() || card.title.trim() || card.companyName.trim() || t('defaultTitle');
  const role = [card.jobTitle.trim(), card.companyName.trim()].filter(Boolean).join(', ');
  return truncate(role && who !== card.companyName.trim() ? `${who} · ${role}` : who, 120);
}

export function pageDescription(card: Pick<Card, 'name' | 'description' | 'jobTitle' | 'companyName'>, t: PageText = pageTextIn('en')): string {
  if (card.description.trim()) return truncate(card.description, 200);
  const jobTitle = card.jobTitle.trim();
  const company = card.companyName.trim();
  const role = jobTitle && company ? t('roleAtCompany', { jobTitle, company }) : jobTitle || company;
  return truncate(role ? t('descriptionWithRole', { role }) : t('descriptionDefault'), 200);
}

/** The card's own headings in the page's language. */
function cardViewLabels(t: PageText): CardViewLabels {
  return {
    contact: t('contact'),
    links: t('links'),
    files: t('files'),
    videos: (count) => t('videos', { count }),
    video: (number) => (number === null ? t('videoTitle') : t('numberedVideoTitle', { number })),
    yourName: '',
  };
}

/** An absolute address for previews, only for our own stored images. */
function previewImage(baseUrl: string, card: Card): string | null {
  const url = card.profilePicture.url ?? card.coverImage.url;
  return url && /^\/files\/[A-Za-z0-9/_.-]+$/.test(url) ? `${baseUrl}${url}` : null;
}

function Document({ locale, title, children, head, theme }: { locale: Locale; title: string; children: ReactNode; head?: ReactNode; theme?: string }) {
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{title}</title>
        {theme ? <meta name="theme-color" content={theme} /> : null}
        {/* The product's mark, from the web app's build (apps/web/public); without it a browser asks for /favicon.ico. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head}
      </head>
      <body>{children}</body>
    </html>
  );
}

function Field({ name, label, state, type = 'text', autoComplete, maxLength }: {
  name: LeadFieldName;
  label: string;
  state: Extract<LeadFormState, { kind: 'form' }>;
  type?: string;
  autoComplete?: string;
  maxLength: number;
}) {
  const id = `lead-${name}`;
  const error = state.errors?.[name];
  const common = {
    id,
    name,
    maxLength,
    defaultValue: state.values?.[name] ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <label htmlFor={id}>
      {label}
      {name === 'message' ? <textarea rows={4} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error ? (
        <span className="pc-err" id={`${id}-error`} data-error-for={name}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

function LeadForm({ cardId, consentText, state, t }: { cardId: string; consentText: string; state: LeadFormState; t: PageText }) {
  return (
    <section className="cv-sec" id="lead" aria-labelledby="lead-title">
      <h2 className="cv-h" id="lead-title">
        {t('leadTitle')}
      </h2>
      {state.kind === 'sent' ? (
        <p role="status" className="pc-sent">
          {state.message}
        </p>
      ) : (
        <form className="pc-form" method="post" action={publicCardResourcePaths.lead(cardId)} data-lead-form="" data-failed={t('leadFailed')}>
          {state.errors?.form ? (
            <p role="alert" className="pc-err">
              {state.errors.form}
            </p>
          ) : null}
          <Field name="name" label={t('fieldName')} state={state} autoComplete="name" maxLength={contactLimits.name} />
          <Field name="email" label={t('fieldEmail')} state={state} type="email" autoComplete="email" maxLength={contactLimits.email} />
          <Field name="phone" label={t('fieldPhone')} state={state} type="tel" autoComplete="tel" maxLength={contactLimits.phone} />
          <Field name="company" label={t('fieldCompany')} state={state} autoComplete="organization" maxLength={contactLimits.company} />
          <Field name="message" label={t('fieldMessage')} state={state} maxLength={contactLimits.message} />
          <div className="pc-hp" aria-hidden="true">
            <label htmlFor="lead-website">
              {t('honeypotLabel')}
              <input id="lead-website" name={leadHoneypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <label className="pc-check" htmlFor="lead-consent">
            <input id="lead-consent" type="checkbox" name="consent" value="yes" defaultChecked={state.values?.consent ?? false} />
            <span>{consentText}</span>
          </label>
          <p role="status" aria-live="polite" data-lead-status="" />
          <button type="submit" className="pc-btn pc-main">
            {t('leadSubmit')}
          </button>
        </form>
      )}
    </section>
  );
}

function Actions({ card, walletOffers, t }: { card: Card; walletOffers: WalletOffers | undefined; t: PageText }) {
  const stem = vcardFileName(card.name).replace(/\.vcf$/, '');
  return (
    <div className="pc-actions">
      <a className="pc-btn pc-main" href={publicCardResourcePaths.vcard(card.id)} download="">
        {t('saveContact')}
      </a>
      {walletOffers?.apple ? (
        <a className="pc-btn" href={walletPublicPaths.applePass(card.id)} type="application/vnd.apple.pkpass">
          {t('addToAppleWallet')}
        </a>
      ) : null}
      {walletOffers?.google ? (
        <a className="pc-btn" href={walletPublicPaths.googleSave(card.id)} rel="nofollow">
          {t('addToGoogleWallet')}
        </a>
      ) : null}
      <details className="pc-qr">
        <summary className="pc-btn">{t('qrCode')}</summary>
        <img src={publicCardResourcePaths.qrSvg(card.id)} alt={t('qrAlt')} width={240} height={240} loading="lazy" />
        <p className="pc-row">
          <a className="pc-btn" href={publicCardResourcePaths.qrSvg(card.id)} download={`${stem}-qr.svg`}>
            {t('downloadSvg')}
          </a>
          <a className="pc-btn" href={publicCardResourcePaths.qrPng(card.id)} download={`${stem}-qr.png`}>
            {t('downloadPng')}
          </a>
        </p>
      </details>
    </div>
  );
}

interface CardPageInput {
  card: Card;
  lead: LeadFormState;
  /** The tracked address of the link at this index, or null to keep the link's own (mailto:, tel:, sms:). */
  linkPath: (index: number) => string | null;
  /** The wallet buttons the owner's plan and the server's credentials allow (none when left out). */
  walletOffers?: WalletOffers | undefined;
  /** The page's language (English when left out); the card's own words stay as its owner wrote them. */
  locale?: Locale;
}

/** The whole page of one card, as a string starting with the doctype. */
export function renderCardPage(context: PageContext, { card, lead, linkPath, walletOffers, locale = 'en' }: CardPageInput): string {
  const t = pageTextIn(locale);
  const title = pageTitle(card, t);
  const description = pageDescription(card, t);
  const canonical = `${context.baseUrl}${publicCardPath(card.username)}`;
  const image = previewImage(context.baseUrl, card);
  const head = (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="profile" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      {lead.kind === 'sent' ? <meta name="robots" content="noindex" /> : null}
      <style>{cardViewCss + pageCss}</style>
      <script src={context.scriptPath} defer />
    </>
  );
  const body = (
    <main>
      <CardView
        card={card}
        labels={cardViewLabels(t)}
        mode="public"
        actions={<Actions card={card} walletOffers={walletOffers} t={t} />}
        footer={card.leadForm.isEnabled ? <LeadForm cardId={card.id} consentText={leadConsentIn(card.leadForm, locale)} state={lead} t={t} /> : null}
        linkHref={(index, href) => linkPath(index) ?? href}
        fileHref={(fileId) => publicCardResourcePaths.file(card.id, fileId)}
      />
    </main>
  );
  const theme = themeColour(card.theme.backgroundColor, defaultCardTheme.backgroundColor);
  return renderHtmlDocument(
    <Document locale={locale} title={title} head={head} theme={theme}>
      {body}
    </Document>,
  );
}

/** A page with a title and one sentence: not found, not active, too many submissions. Nothing of any card. */
export function renderMessagePage(locale: Locale, title: string, text: string, action?: { label: string; href: string }): string {
  const head = (
    <>
      <meta name="robots" content="noindex" />
      <style>{pageCss}</style>
    </>
  );
  return renderHtmlDocument(
    <Document locale={locale} title={title} head={head}>
      <main className="pc-msg">
        <h1>{title}</h1>
        <p>{text}</p>
        {action ? (
          <p style={{ marginTop: '1.5rem' }}>
            <a className="pc-btn pc-main" href={action.href}>
              {action.label}
            </a>
          </p>
        ) : null}
      </main>
    </Document>,
  );
}
