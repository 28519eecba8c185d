import { sqlTimestamp } from '../../kernel/clock';
import { inputError } from '../errors';

// A report's date range is in the shop's time zone (a day in Los Angeles starts at 08:00 UTC, or
// 07:00 in summer), while orders are stamped in UTC. The periods are cut here, once, into UTC
// bounds; the databases then only compare timestamps, which SQLite and PostgreSQL do alike (neither
// needs to know time zones, and both group the same rows the same way).

export type ReportPeriod = 'day' | 'week' | 'month';

/** A period of the report: its first local day and its UTC bounds as stored timestamps, [start, end). */
export interface PeriodBucket {
  index: number;
  label: string;
  start: string;
  end: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** So a big shop's report stays one bounded query: a year of days, or ten years of weeks or months. */
export const MAX_RANGE_DAYS: Record<ReportPeriod, number> = { day: 366, week: 3660, month: 3660 };

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export function parseLocalDate(label: string, value: string): LocalDate {
  const m = DAY.exec(value);
  if (!m) throw inputError(`"${label}" must be a date written YYYY-MM-DD.`);
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCFullYear() !== date.year || check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day)
    throw inputError(`"${label}" is not a date: ${value}.`);
  return date;
}

export function assertTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw inputError(`"${timeZone}" is not a time zone.`);
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The UTC instant a local day starts at in the zone (twice corrected: the offset may change that day). */
export function localMidnight(date: LocalDate, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  let at = wall - zoneOffset(timeZone, wall);
  at = wall - zoneOffset(timeZone, at);
  return new Date(at);
}

function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function label(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function daysBetween(from: LocalDate, to: LocalDate): number {
  return (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000;
}

/** The start of the period holding a day: the day, its week's Monday (as Magento's reports), its month's 1st. */
function periodStart(date: LocalDate, period: ReportPeriod): LocalDate {
  if (period === 'day') return date;
  if (period === 'month') return { ...date, day: 1 };
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

function nextPeriod(start: LocalDate, period: ReportPeriod): LocalDate {
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  return start.month === 12 ? { year: start.year + 1, month: 1, day: 1 } : { ...start, month: start.month + 1 };
}

export interface ReportRange {
  from: string;
  to: string;
  /** The range's UTC bounds, [start, end). */
  start: string;
  end: string;
}

/** A range of local days, both included, checked and bounded. */
export function reportRange(from: string, to: string, timeZone: string, maxDays = MAX_RANGE_DAYS.month): ReportRange {
  const first = parseLocalDate('from', from);
  const last = parseLocalDate('to', to);
  const days = daysBetween(first, last) + 1;
  if (days < 1) throw inputError('"from" must be on or before "to".');
  if (days > maxDays) throw inputError(`A report covers at most ${maxDays} days; this range has ${days}.`);
  return {
    from,
    to,
    start: sqlTimestamp(localMidnight(first, timeZone)),
    end: sqlTimestamp(localMidnight(addDays(last, 1), timeZone)),
  };
}

/**
 * The range cut into days, weeks or months. The first and last periods are clipped to the range,
 * so a week report from a Wednesday counts from that Wednesday; each keeps the label of its
 * period's first day.
 */
export function periodBuckets(from: string, to: string, period: ReportPeriod, timeZone: string): PeriodBucket[] {
  reportRange(from, to, timeZone, MAX_RANGE_DAYS[period]);
  const first = parseLocalDate('from', from);
  const after = addDays(parseLocalDate('to', to), 1);
  const buckets: PeriodBucket[] = [];
  let start = periodStart(first, period);
  while (daysBetween(start, after) > 0) {
    const next = nextPeriod(start, period);
    const clippedStart = daysBetween(start, first) > 0 ? first : start;
    const clippedEnd = daysBetween(next, after) < 0 ? after : next;
    buckets.push({
      index: buckets.length,
      label: label(start),
      start: sqlTimestamp(localMidnight(clippedStart, timeZone)),
      end: sqlTimestamp(localMidnight(clippedEnd, timeZone)),
    });
    start = next;
  }
  return buckets;
}

/** Either end of a range of local days may be open: the UTC bounds of those given. */
export function openDayBounds(
  from: string | null | undefined,
  to: string | null | undefined,
  timeZone: string,
): { start: string | null; end: string | null } {
  const first = from ? parseLocalDate('from', from) : null;
  const last = to ? parseLocalDate('to', to) : null;
  if (first && last && daysBetween(first, last) < 0) throw inputError('"from" must be on or before "to".');
  return {
    start: first ? sqlTimestamp(localMidnight(first, timeZone)) : null,
    end: last ? sqlTimestamp(localMidnight(addDays(last, 1), timeZone)) : null,
  };
}
