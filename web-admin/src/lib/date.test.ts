import { describe, expect, it } from 'vitest';
import { formatDate, formatDateLong, formatDateTime, isoDate } from './date';

describe('formatDate', () => {
  it.each([
    ['2026-04-01', '01.04.26'],
    ['2026-10-31', '31.10.26'],
    ['1999-12-09', '09.12.99'],
    // points in time are shown as the day in Berlin
    ['2026-03-15T10:00:00Z', '15.03.26'],
    ['2026-03-15T23:30:00Z', '16.03.26'],
    ['2026-07-01T21:59:00Z', '01.07.26'],
    ['2026-07-01T22:00:00Z', '02.07.26'],
    ['2026-01-05T08:00:00+01:00', '05.01.26'],
  ])('%s → %s', (input, want) => {
    expect(formatDate(input)).toBe(want);
  });

  it.each([[null], [undefined], [''], ['not a date']])('%s → empty', (input) => {
    expect(formatDate(input)).toBe('');
  });
});

describe('formatDateLong', () => {
  it.each([
    ['2003-02-01', '01.02.2003'],
    ['2026-03-15T23:30:00Z', '16.03.2026'],
    [null, ''],
    ['kaputt', ''],
  ])('%s → %s', (input, want) => expect(formatDateLong(input)).toBe(want));
});

describe('formatDateTime', () => {
  it.each([
    // winter time (UTC+1) and summer time (UTC+2) in Berlin
    ['2026-01-05T08:07:00Z', '05.01.26 09:07'],
    ['2026-07-01T21:59:00Z', '01.07.26 23:59'],
    ['2026-07-01T22:00:00Z', '02.07.26 00:00'],
    ['2026-03-15T10:00:00.123456+01:00', '15.03.26 10:00'],
  ])('%s → %s', (input, want) => expect(formatDateTime(input)).toBe(want));

  it.each([[null], [undefined], [''], ['not a date']])('%s → empty', (input) => {
    expect(formatDateTime(input)).toBe('');
  });
});

describe('isoDate', () => {
  it('gives the Berlin day', () => {
    expect(isoDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(isoDate(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01');
  });
});
