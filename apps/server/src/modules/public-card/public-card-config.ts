import { z } from 'zod';
import { configPiece, documented, wholeNumber } from '../../config-fields';

export const publicCardConfig = configPiece({
  title: 'Public card page',
  variables: {
    LEAD_FORM_RATE_LIMIT_MAX: documented(wholeNumber(1, 10), {
      description: 'Lead-form submissions allowed per client address per window (counted in the database, shared by every process).',
    }),
    LEAD_FORM_RATE_LIMIT_WINDOW_SECONDS: documented(wholeNumber(1, 60), { description: 'The lead form limit\'s window, in seconds.' }),
    PUBLIC_PAGE_CACHE_ENTRIES: documented(wholeNumber(0, 500), { description: 'Rendered public pages kept in memory per process (0 turns the cache off).' }),
    PUBLIC_PAGE_PLAN_CHECK_SECONDS: documented(z.coerce.number().min(0).default(10), {
      description: 'How long an owner\'s plan status (which of their cards the card limit blocks) is reused, in seconds: a plan change shows on other processes at most this much later.',
    }),
    PUBLIC_PAGE_VERSION_CHECK_MS: documented(wholeNumber(0, 1000), {
      description: 'How long a process reuses which version of a card an address shows, in milliseconds (0: read it on every request). Changes through the same process show at once; through another process within this time.',
    }),
    CARD_STATS_FLUSH_SECONDS: documented(z.coerce.number().min(0.05).default(5), {
      description: 'How often each process writes the insights counts it gathered (views, unique visitors, saves, clicks, downloads, wallet adds, leads), in seconds; a crash loses at most this interval.',
    }),
  },
  build: (env) => ({
    publicPage: {
      leadRateLimit: { max: env.LEAD_FORM_RATE_LIMIT_MAX, windowSeconds: env.LEAD_FORM_RATE_LIMIT_WINDOW_SECONDS },
      cacheEntries: env.PUBLIC_PAGE_CACHE_ENTRIES,
      planCheckMs: env.PUBLIC_PAGE_PLAN_CHECK_SECONDS * 1000,
      versionCheckMs: env.PUBLIC_PAGE_VERSION_CHECK_MS,
      statsFlushMs: env.CARD_STATS_FLUSH_SECONDS * 1000,
    },
  }),
});
