import type { ReactNode } from 'react';
import { renderHtmlDocument } from '../../../html/html-document';
import { textDirection, type Locale } from '@cardstack/shared/i18n/locales';

export interface RenderedMail {
  subject: string;
  /** The HTML part, escaped by React (see renderHtmlDocument). */
  html: string;
  /** The plain-text part: the same words and links, nothing escaped. */
  text: string;
}

const defaultFooter = 'You receive this email because you have an account with us.';

/** A table-based layout that renders in every mail client; inline styles only. Returns the whole document. */
export function renderEmailHtml({ title, footer = defaultFooter, children, locale = 'en' }: { title: string; footer?: string; children: ReactNode; locale?: Locale }): string {
  return renderHtmlDocument(
    <html lang={locale} dir={textDirection(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f4f4f5', fontFamily: 'Arial,Helvetica,sans-serif', color: '#18181b' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: '#f4f4f5', padding: '24px 0' }}>
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="560"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, width: '100%', background: '#ffffff', borderRadius: 12, padding: 32 }}
                >
                  <tbody>
                    <tr>
                      <td>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ paddingTop: 24, fontSize: 12, color: '#71717a' }}>{footer}</td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>,
  );
}

export function EmailHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ fontSize: 22, margin: '0 0 16px' }}>{children}</h1>;
}

export function EmailParagraph({ children }: { children: ReactNode }) {
  return <p style={{ fontSize: 16, lineHeight: 1.5 }}>{children}</p>;
}

/** Label and value pairs (a lead's or a request's fields), labels grey on the left, values keeping their line breaks. */
export function EmailFieldTable({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ fontSize: 15, lineHeight: 1.4, margin: '8px 0 16px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: '6px 12px 6px 0', color: '#71717a', verticalAlign: 'top', whiteSpace: 'nowrap' }}>{label}</td>
            <td style={{ padding: '6px 0', whiteSpace: 'pre-wrap' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EmailButton({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      style={{
        display: 'inline-block',
        background: '#4f46e5',
        color: '#ffffff',
        textDecoration: 'none',
        padding: '12px 20px',
        borderRadius: 8,
        fontWeight: 'bold',
        margin: '4px 8px 4px 0',
      }}
    >
      {label}
    </a>
  );
}
