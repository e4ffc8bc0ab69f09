import { z } from 'zod';
import { configPiece, documented, optionalString } from '../../config-fields';

export const adminConfig = configPiece({
  title: 'Operators',
  variables: {
    ADMIN_EMAILS: documented(
      optionalString.pipe(
        z
          .string()
          .transform((value) => value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean))
          .pipe(z.array(z.string().email('must be a comma-separated list of email addresses')))
          .optional(),
      ),
      {
        description:
          'The operators of this instance, comma separated: once an address\'s owner has signed up and confirmed it, they open the operator console `/admin` and receive the custom design and quote requests by mail. `npm run admin -- promote <email>` adds more, `demote <email>` takes them back. See docs/operators.md.',
      },
    ),
  },
  build: (env) => ({ adminEmails: env.ADMIN_EMAILS ?? [] }),
});
