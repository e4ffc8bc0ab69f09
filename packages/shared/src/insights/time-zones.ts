/*
 * Days in the viewer's time zone. Counts are stored per UTC hour (and rolled up per UTC day and month); the
 * dashboard shows days and months as the person reading it lives them. An hour belongs to the local day in which
 * it starts, so in a zone whose offset is not a whole number of hours (India, +05:30) the day's first hour is
 * the one that starts in it.
 */

const hourMs = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in the zone at an instant, read as if it were UTC (ms). */
function wallClockOf(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120). */
export function offsetMinutesAt(at: number, timeZone: string): number {
  const whole = at - (((at % 1000) + 1000) % 1000);
  return Math.round((wallClockOf(whole, timeZone) - whole) / 60_000);
}

/** The calendar day (YYYY-MM-DD) in the zone at an instant. */
export function dayIn(at: Date | number, timeZone: string): string {
  return new Date(wallClockOf(typeof at === 'number' ? at : at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day starts in the zone (ms since the epoch). Where a clock change skips midnight, the
 * day starts at the first instant that exists on it.
 */
export function startOfDayIn(day: string, timeZone: string): number {
  const key = `${timeZone}\u0000${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  if (dayStarts.size >= 20_000) dayStarts.clear();
  const start = computeStartOfDayIn(day, timeZone);
  dayStarts.set(key, start);
  return start;
}

// A dashboard asks for the same days again and again (every view of 90 days: 181 edges).
const dayStarts = new Map<string, number>();

function computeStartOfDayIn(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  let at = midnight - offsetMinutesAt(midnight, timeZone) * 60_000;
  // Once more with the offset at that instant: the day may start on the other side of a clock change.
  const again = midnight - offsetMinutesAt(at, timeZone) * 60_000;
  if (again !== at && dayIn(again, timeZone) === day) at = Math.min(at, again);
  // A skipped midnight: the day starts when its first hour does.
  while (dayIn(at, timeZone) < day) at += 15 * 60_000;
  while (dayIn(at - 15 * 60_000, timeZone) === day) at -= 15 * 60_000;
  return at;
}

/** The UTC hour (hours since the epoch) an instant falls in: the key of the hourly counters. */
export function hourOf(at: Date | number): number {
  return Math.floor((typeof at === 'number' ? at : at.getTime()) / hourMs);
}

/** The first UTC hour that belongs to the zone's calendar day (the hour in which the day starts, or after it). */
export function firstHourOfDayIn(day: string, timeZone: string): number {
  return Math.ceil(startOfDayIn(day, timeZone) / hourMs);
}

/** The first UTC hour of a UTC calendar day. */
export function firstHourOfUtcDay(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) / hourMs;
}

/** The UTC day (YYYY-MM-DD) of an hour key. */
export function utcDayOfHour(hour: number): string {
  return new Date(hour * hourMs).toISOString().slice(0, 10);
}

/** Hours after the start of a UTC month that may belong to the month before somewhere (UTC−12). */
export const monthEdgeHoursAfter = 12;
/** Hours before the start of a UTC month that may belong to that month somewhere (UTC+14). */
export const monthEdgeHoursBefore = 14;

/**
 * Where an hour key lies around the start of a UTC month, in hours from it (−14 to −1 before, 0 to 11 after), or
 * null when no time zone places it in a neighbouring month: the only hours a dashboard by month needs beside the
 * monthly totals, and, by this number, only those of the viewer's offset.
 */
export function monthEdgeOf(hour: number): number | null {
  const at = new Date(hour * hourMs);
  const monthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) / hourMs;
  const nextMonthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) / hourMs;
  if (hour - monthStart < monthEdgeHoursAfter) return hour - monthStart;
  if (nextMonthStart - hour <= monthEdgeHoursBefore) return hour - nextMonthStart;
  return null;
}

/** The first hour of the UTC month nearest to an hour key near a month's start (see `monthEdgeOf`). */
export function nearestMonthStart(hour: number): number {
  const at = new Date(hour * hourMs);
  const monthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) / hourMs;
  const nextMonthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) / hourMs;
  return hour - monthStart <= nextMonthStart - hour ? monthStart : nextMonthStart;
}
