import cronParser from 'cron-parser';

/** The latest time at or before `at` that a 5-field UTC cron expression names; throws on a wrong expression. */
export function lastCronTime(cron: string, at: Date): Date {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`Cron expression "${cron}" must have 5 fields (minute hour day month weekday)`);
  // `prev()` is strictly before its start: start a millisecond later so a time exactly on the schedule counts.
  const expression = cronParser.parseExpression(cron, { currentDate: new Date(at.getTime() + 1), tz: 'UTC' });
  return expression.prev().toDate();
}
