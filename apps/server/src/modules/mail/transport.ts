import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { privateDirMode, privateFileMode } from '../../data-dir';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where mail goes: SMTP in production, the local mailbox folder on a laptop and in the quick start. */
export interface MailTransport {
  readonly kind: 'smtp' | 'local-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/*
 * nodemailer (~5 MB of heap once loaded) is loaded on the first message, not at start: an idle server sends none
 * (start-imports.test.ts keeps it so).
 */
function lazyTransporter(create: (library: typeof nodemailer) => Transporter) {
  let transporter: Promise<Transporter> | undefined;
  let created: Transporter | undefined;
  return {
    get: () =>
      (transporter ??= import('nodemailer').then((module) => {
        created = create(module.default);
        return created;
      })),
    close: () => created?.close(),
  };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) => nodemailer.createTransport(smtpUrl));
  return {
    kind: 'smtp',
    async send(mail) {
      await (await transporter.get()).sendMail(mail);
    },
    close: transporter.close,
  };
}

/** Writes every message as an .eml file under DATA_DIR/mailbox; `npm run mailbox` lists and prints them. */
export function createLocalMailboxTransport(mailboxDir: string): MailTransport {
  const builder = lazyTransporter((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'local-mailbox',
    async send(mail) {
      const info = await (await builder.get()).sendMail(mail);
      // The mailbox holds password-reset and invitation links: the server's user alone reads it.
      await fs.mkdir(mailboxDir, { recursive: true, mode: privateDirMode });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // Two mails to one address can be sent in the same millisecond (the job runner sends in parallel):
      // a random part keeps both, and `wx` refuses to overwrite rather than lose one silently.
      const unique = crypto.randomBytes(3).toString('hex');
      await fs.writeFile(path.join(mailboxDir, `${stamp}-${unique}-${safeTo}.eml`), info.message as Buffer, { flag: 'wx', mode: privateFileMode });
    },
    close: builder.close,
  };
}
