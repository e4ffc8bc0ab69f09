/**
 * The time the billing module lives in. Normally the wall clock; with the test clock enabled (NODE_ENV=test
 * or BILLING_TEST_CLOCK=true, browser tests only) it can be moved forward so a trial or a period ends
 * without waiting for it. It never moves back: subscription records are written in its time.
 */
export interface BillingTime {
  now(): Date;
  readonly isAdjustable: boolean;
  /** Moves the clock forward; refused unless adjustable. */
  advance(milliseconds: number): Date;
}

export function createBillingTime(options: { isAdjustable: boolean; wallClock?: () => Date }): BillingTime {
  const wallClock = options.wallClock ?? (() => new Date());
  let offset = 0;
  return {
    isAdjustable: options.isAdjustable,
    now: () => new Date(wallClock().getTime() + offset),
    advance(milliseconds) {
      if (!options.isAdjustable) throw new Error('The billing clock can only be moved in tests (BILLING_TEST_CLOCK=true).');
      if (!Number.isFinite(milliseconds) || milliseconds < 0) throw new RangeError('The billing clock only moves forward.');
      offset += milliseconds;
      return new Date(wallClock().getTime() + offset);
    },
  };
}
