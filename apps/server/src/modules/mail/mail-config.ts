import { z } from 'zod';
import { configPiece, documented, optionalString, secret, wholeNumber } from '../../config-fields';

export const mailConfig = configPiece({
  title: 'Mail',
  variables: {
    SMTP_URL: secret(optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()), {
      description: 'The SMTP server mail goes through, e.g. `smtps://user:password@smtp.example.com:465`. Unset: mail is written to `DATA_DIR/mailbox` (read it with `npm run mailbox`).',
    }),
    MAIL_FROM: documented(z.string().default('Cards <no-reply@localhost>'), { description: 'The sender of every mail.' }),
    MAIL_RETENTION_DAYS: documented(wholeNumber(1, 30), { description: 'Sent mail keeps its record but loses the address and data after this many days.' }),
  },
  build: (env) => ({ mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retentionDays: env.MAIL_RETENTION_DAYS } }),
});
