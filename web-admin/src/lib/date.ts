const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_ZONE = 'Europe/Berlin';

const berlin = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  timeZone: TIME_ZONE,
});

const berlinLong = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });

function parse(value: string): Date | undefined {
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? undefined : t;
}

/**
 * Formats a calendar day (yyyy-MM-dd) or a point in time (RFC 3339) as dd.MM.yy in the German locale.
 * Points in time are shown as the day in Europe/Berlin. Missing or unparsable values give ''.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = DATE_ONLY.exec(value);
  if (day) {
    return `${day[3]}.${day[2]}.${day[1].slice(2)}`;
  }
  const t = parse(value);
  return t ? berlin.format(t) : '';
}

/** Like formatDate, with the full year (dd.MM.yyyy), as spreadsheet programs recognise it. */
export function formatDateLong(value: string | null | undefined): string {
  if (!value) return '';
  const day = DATE_ONLY.exec(value);
  if (day) {
    return `${day[3]}.${day[2]}.${day[1]}`;
  }
  const t = parse(value);
  return t ? berlinLong.format(t) : '';
}

/** A point in time (RFC 3339) as dd.MM.yy HH:mm in Europe/Berlin; missing or unparsable values give ''. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const t = parse(value);
  return t ? berlinDateTime.format(t).replace(',', '') : '';
}

/** The day of a point in time in Europe/Berlin as yyyy-MM-dd (for file names). */
export function isoDate(t: Date): string {
  return isoDay.format(t);
}
