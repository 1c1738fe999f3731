const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const berlin = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  timeZone: 'Europe/Berlin',
});

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
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  return berlin.format(t);
}
