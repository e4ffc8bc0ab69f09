/** One rate-limit counter (modules/rate-limit): a fixed window per key; times in epoch milliseconds. */
export interface RateLimitBucketTable {
  key: string;
  count: number;
  window_start: number | string;
  expires_at: number | string;
}

/** The tables the rate-limit module owns: only its own code reads or writes them. */
export interface RateLimitTables {
  rate_limit_bucket: RateLimitBucketTable;
}
