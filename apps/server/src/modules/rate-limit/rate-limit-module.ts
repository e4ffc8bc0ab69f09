import type { AnyConnection } from '../../db/schema';
import type { AppModule } from '../module-contract';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

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

export interface RateLimitModule extends AppModule {
  /** The one limiter every module counts with; counts live in the database, so every server process shares them. */
  limiter: RateLimiter;
}

export function createRateLimitModule(needs: { db: AnyConnection }): RateLimitModule {
  return { name: 'rate-limit', limiter: createRateLimiter(needs.db) };
}
