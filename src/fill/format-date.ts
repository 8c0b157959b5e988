// Dates as the template asks for them: an ISO calendar date (YYYY-MM-DD) printed with the
// common moment.js format tokens (https://momentjs.com/docs/#/displaying/format/), English
// names. Written here rather than depending on moment for a dozen tokens.

/** A calendar date. */
export interface CalendarDate {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** 1–31. */
  readonly day: number;
}

export const DEFAULT_DATE_FORMAT = 'MM/DD/YYYY';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// Longest tokens first, so MMMM is not read as MM MM; [text] is literal, as in moment.
const TOKEN = /\[[^\]]*\]|YYYY|YY|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|dd|d/g;

/** `2022-07-08` (optionally followed by a time, which is ignored) → a date; undefined when not a real date. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** The date in `format` (moment.js tokens: YYYY YY MMMM MMM MM M DD D Do dddd ddd dd d). */
export function formatDate(date: CalendarDate, format: string = DEFAULT_DATE_FORMAT): string {
  return format.replace(TOKEN, (token) => formatToken(date, token));
}

function formatToken({ year, month, day }: CalendarDate, token: string): string {
  switch (token) {
    case 'YYYY': return String(year).padStart(4, '0');
    case 'YY': return String(year % 100).padStart(2, '0');
    case 'MMMM': return MONTHS[month - 1]!;
    case 'MMM': return MONTHS[month - 1]!.slice(0, 3);
    case 'MM': return String(month).padStart(2, '0');
    case 'M': return String(month);
    case 'DD': return String(day).padStart(2, '0');
    case 'D': return String(day);
    case 'Do': return `${day}${ordinalSuffix(day)}`;
    case 'dddd': return WEEKDAYS[weekday(year, month, day)]!;
    case 'ddd': return WEEKDAYS[weekday(year, month, day)]!.slice(0, 3);
    case 'dd': return WEEKDAYS[weekday(year, month, day)]!.slice(0, 2);
    case 'd': return String(weekday(year, month, day));
    default: return token.slice(1, -1); // [literal]
  }
}

/** 1st 2nd 3rd 4th … 11th 12th 13th … 21st. */
function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/** 0 = Sunday; proleptic Gregorian calendar, computed in UTC so the time zone never shifts it. */
function weekday(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCDay();
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}
