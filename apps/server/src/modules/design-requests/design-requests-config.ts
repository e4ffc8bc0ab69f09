import { configPiece, documented, wholeNumber } from '../../config-fields';

export const designRequestsConfig = configPiece({
  title: 'Custom design and quote requests',
  variables: {
    DESIGN_FORM_RATE_LIMIT_PER_HOUR: documented(wholeNumber(1, 5), {
      description: 'Custom design and quote form submissions per client address per hour (counted in the database).',
    }),
    DESIGN_REQUEST_RETENTION_DAYS: documented(wholeNumber(1, 365), {
      description: 'Done and rejected design and quote requests are deleted with their files this many days after their last change (a daily job); new and in-progress ones are kept.',
    }),
  },
  build: (env) => ({
    designFormRateLimit: { max: env.DESIGN_FORM_RATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 },
    designRequestRetentionDays: env.DESIGN_REQUEST_RETENTION_DAYS,
  }),
});
