/*
 * 5-field cron expressions in UTC (minute hour day-of-month month day-of-week), for the SQLite job runner's
 * schedules (pg-boss reads the same expressions on PostgreSQL). Written here rather than with cron-parser:
 * cron-parser works through luxon, whose first date asks `Intl` for the system locale, and that alone maps
 * about 5 MB of ICU data into every idle server (decision 0028, "Idle memory"); UTC needs no calendar library.
 *
 * Each field is a comma-separated list of `*`, `n`, `a-b`, each with an optional `/step` (`n/step` runs from n to
 * the field's end), numbers or the English names of months and weekdays (`jan`, `mon`); a weekday of 7 is
 * Sunday too. When both day fields are restricted a day matching either one is on the schedule; what counts as
 * restricted follows cron-parser (which pg-boss uses on PostgreSQL), quirks included, tested against it in
 * cron.test.ts, so one expression means the same on both engines.
 */

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const fieldRules: readonly FieldRule[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'day of week', min: 0, max: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

interface CronSchedule {
  minutes: boolean[];
  hours: boolean[];
  daysOfMonth: boolean[];
  months: boolean[];
  daysOfWeek: boolean[];
  dayOfMonthCount: number;
  isEveryWeekday: boolean;
}

/** The most days each month has (February's leap day counts). */
const longestMonths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const minuteMs = 60_000;
const dayMs = 86_400_000;
/** Far enough back or ahead for any valid expression (February 29th on a given weekday recurs within 28 years). */
const searchDays = 28 * 366;

function parseValue(text: string, rule: FieldRule, cron: string): number {
  const named = rule.names?.indexOf(text.toLowerCase()) ?? -1;
  const value = named >= 0 ? named + (rule.name === 'month' ? 1 : 0) : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < rule.min || value > rule.max) {
    throw new Error(`Cron expression "${cron}": "${text}" is not a ${rule.name} (${rule.min}-${rule.max})`);
  }
  return value;
}

function parseField(field: string, rule: FieldRule, cron: string): boolean[] {
  const matches = new Array<boolean>(rule.max + 1).fill(false);
  for (const item of field.split(',')) {
    const [range = '', stepText, extra] = item.split('/');
    if (extra !== undefined || range === '') throw new Error(`Cron expression "${cron}": "${item}" is not a ${rule.name}`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!/^\d+$/.test(stepText ?? '1') || step < 1) throw new Error(`Cron expression "${cron}": "${item}" has no valid step`);
    let first: number;
    let last: number;
    if (range === '*') {
      [first, last] = [rule.min, rule.max];
    } else if (range.includes('-')) {
      const [from = '', to = '', more] = range.split('-');
      if (more !== undefined) throw new Error(`Cron expression "${cron}": "${item}" is not a ${rule.name}`);
      [first, last] = [parseValue(from, rule, cron), parseValue(to, rule, cron)];
      if (first > last) throw new Error(`Cron expression "${cron}": the range "${range}" runs backwards`);
    } else {
      first = parseValue(range, rule, cron);
      last = stepText === undefined ? first : rule.max;
    }
    for (let value = first; value <= last; value += step) matches[value] = true;
  }
  return matches;
}

const parsed = new Map<string, CronSchedule>();

/** The expression's schedule; throws on a wrong expression (the runner checks each one when it is scheduled). */
function parseCron(cron: string): CronSchedule {
  const known = parsed.get(cron);
  if (known) return known;
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron expression "${cron}" must have 5 fields (minute hour day month weekday)`);
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = fields.map((field, index) => parseField(field, fieldRules[index]!, cron)) as [
    boolean[],
    boolean[],
    boolean[],
    boolean[],
    boolean[],
  ];
  if (daysOfWeek[7]) daysOfWeek[0] = true;
  // With one month named, days it never has are dropped, and an expression left with none is refused (cron-parser).
  const onlyMonth = months.flatMap((isNamed, month) => (isNamed ? [month] : []));
  if (onlyMonth.length === 1) {
    daysOfMonth.fill(false, longestMonths[onlyMonth[0]! - 1]! + 1);
    if (!daysOfMonth.includes(true)) throw new Error(`Cron expression "${cron}" names a day its month never has`);
  }
  const schedule = {
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthCount: daysOfMonth.filter(Boolean).length,
    // cron-parser's reading: every weekday only when 0 to 7 are all named (`*`, `1-7`; `0-6` is a restriction).
    isEveryWeekday: daysOfWeek.every(Boolean),
  };
  parsed.set(cron, schedule);
  return schedule;
}

function isScheduledDay(schedule: CronSchedule, day: Date): boolean {
  const month = day.getUTCMonth();
  if (!schedule.months[month + 1]) return false;
  const byMonthDay = schedule.daysOfMonth[day.getUTCDate()]!;
  const byWeekday = schedule.daysOfWeek[day.getUTCDay()]!;
  // cron-parser's reading, step by step: a day-of-month field naming as many days as the month can have counts
  // as "every day", and then the weekday alone decides.
  if (schedule.isEveryWeekday) return byMonthDay;
  if (schedule.dayOfMonthCount >= longestMonths[month]!) return byWeekday;
  return byMonthDay || byWeekday;
}

/**
 * The scheduled minute nearest to `from` in `direction` (1: at or after, -1: at or before), searching day by
 * day and, on a scheduled day, hour by hour and minute by minute.
 */
function scheduledMinute(schedule: CronSchedule, from: Date, direction: 1 | -1, cron: string): Date {
  const startDay = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let n = 0; n <= searchDays; n += 1) {
    const day = new Date(startDay + direction * n * dayMs);
    if (!isScheduledDay(schedule, day)) continue;
    const firstHour = n === 0 ? from.getUTCHours() : direction === 1 ? 0 : 23;
    for (let hour = firstHour; hour >= 0 && hour <= 23; hour += direction) {
      if (!schedule.hours[hour]) continue;
      const firstMinute = n === 0 && hour === from.getUTCHours() ? from.getUTCMinutes() : direction === 1 ? 0 : 59;
      for (let minute = firstMinute; minute >= 0 && minute <= 59; minute += direction) {
        if (schedule.minutes[minute]) return new Date(day.getTime() + hour * 3_600_000 + minute * minuteMs);
      }
    }
  }
  throw new Error(`Cron expression "${cron}" names no time that exists`);
}

/** The latest time at or before `at` that a 5-field UTC cron expression names; throws on a wrong expression. */
export function lastCronTime(cron: string, at: Date): Date {
  return scheduledMinute(parseCron(cron), at, -1, cron);
}

/** The first time after `at` that a 5-field UTC cron expression names. */
export function nextCronTime(cron: string, at: Date): Date {
  const nextMinute = new Date(Math.floor(at.getTime() / minuteMs) * minuteMs + minuteMs);
  return scheduledMinute(parseCron(cron), nextMinute, 1, cron);
}
