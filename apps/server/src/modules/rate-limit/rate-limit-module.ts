/*
 * The rate-limit module's public entry: one database-backed limiter for Better Auth and the app's own routes.
 */
export {
  createRateLimiter,
  limitPerAddress,
  rateLimitAddressOf,
  tooManyRequests,
  tooManyRequestsMessage,
  type RateLimiter,
  type RateLimitRule,
} from './rate-limiter';
export type { RateLimitTables } from './rate-limit-tables';
