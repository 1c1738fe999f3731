import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import {
  OCCUPANCY_HEADER,
  RENTER_HEADER,
  occupancyFileName,
  occupancyRows,
  renterListFileName,
  renterRows,
  type RenterExport,
} from './exports';

describe('occupancyRows', () => {
  const building = {
    floors: [
      {
        name: 'Erdgeschoss',
        apartments: [
          { name: 'A01', adminStatus: 'AVAILABLE', renter: null },
          { name: 'A02', adminStatus: 'APARTMENT_RESERVED', renter: { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org' } },
        ],
      },
      {
        name: '1. OG',
        apartments: [
          { name: 'B01', adminStatus: 'PAYED', renter: { firstName: 'Jörg', lastName: 'Über; Maier', email: null } },
          { name: 'B02', adminStatus: 'SOMETHING_NEW', renter: null },
        ],
      },
    ],
  };

  it('lists every apartment floor by floor with the tag text and the renter', () => {
    expect(occupancyRows(building)).toEqual([
      OCCUPANCY_HEADER,
      ['Erdgeschoss', 'A01', 'Verfügbar', '', ''],
      ['Erdgeschoss', 'A02', 'Reserviert', 'Erika Mustermann', 'erika@example.org'],
      ['1. OG', 'B01', 'Bezahlt', 'Jörg Über; Maier', ''],
      ['1. OG', 'B02', 'Unhandled case', '', ''],
    ]);
  });

  it('becomes a CSV a spreadsheet reads back', () => {
    const csv = toCsv(occupancyRows(building));
    expect(csv.split('\r\n')[0]).toBe('"Etage";"Wohnung";"Status";"Mieter";"E-Mail"');
    expect(csv).toContain('"1. OG";"B01";"Bezahlt";"Jörg Über; Maier";""\r\n');
  });

  it('names the file after the semester', () => {
    expect(occupancyFileName('WiSe 26/27')).toBe('belegung-WiSe-26-27.csv');
    expect(occupancyFileName('///')).toBe('belegung-semester.csv');
  });
});

describe('renterRows', () => {
  const erika: RenterExport = {
    id: 7,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika@example.org',
    detail: {
      emailValidated: true,
      phone: '+49 170 1234567',
      street: 'Hauptstraße 1',
      zip: '69117',
      city: 'Heidelberg',
      country: 'DEU',
      birthday: '2003-02-01',
      nationality: 'de',
      language: 'de',
      notes: 'ruhig\nzahlt pünktlich',
      bookings: [
        { semester: { name: 'SoSe 26' }, apartment: { name: 'A12' }, state: 'PAYED' },
        { semester: { name: 'WiSe 26/27' }, apartment: { name: 'A12' }, state: 'RENEWAL_ACCEPTED' },
      ],
    },
  };

  it('gives one row per renter with the detail data', () => {
    const rows = renterRows([erika, { id: 9, firstName: 'Max', lastName: 'Ohne', email: 'max@example.org', detail: null }]);
    expect(rows[0]).toEqual(RENTER_HEADER);
    expect(rows[1]).toEqual([
      7,
      'Mustermann',
      'Erika',
      'erika@example.org',
      true,
      '+49 170 1234567',
      'Hauptstraße 1',
      '69117',
      'Heidelberg',
      'DEU',
      '01.02.2003',
      'de',
      'de',
      'SoSe 26: A12 (Bezahlt), WiSe 26/27: A12 (Verlängerung Akzeptiert)',
      'ruhig\nzahlt pünktlich',
    ]);
    // without detail only what the list knows
    expect(rows[2].slice(0, 4)).toEqual([9, 'Ohne', 'Max', 'max@example.org']);
    expect(rows[2].slice(4).every((c) => c === '' || c === undefined)).toBe(true);
  });

  it('quotes multi-line notes and defuses the phone number', () => {
    const csv = toCsv(renterRows([erika]));
    expect(csv).toContain(';"\'+49 170 1234567";');
    expect(csv).toContain(';"ruhig\nzahlt pünktlich"\r\n');
    expect(csv.split('\r\n')).toHaveLength(3);
  });

  it('names the file after the Berlin day', () => {
    expect(renterListFileName(new Date('2026-11-21T23:30:00Z'))).toBe('mieterliste-2026-11-22.csv');
  });
});
