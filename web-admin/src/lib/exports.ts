import type { CsvCell } from './csv';
import { fileNamePart } from './csv';
import { formatDateLong, isoDate } from './date';
import { statusTag } from './status';

type Row = CsvCell[];

/** What the occupancy export needs of the overview's query (apartmentsPage). */
export interface OccupancyBuilding {
  floors: readonly {
    name: string;
    apartments: readonly {
      name: string;
      adminStatus: string;
      renter: { firstName: string; lastName: string; email?: string | null } | null;
    }[];
  }[];
}

export const OCCUPANCY_HEADER = ['Etage', 'Wohnung', 'Status', 'Mieter', 'E-Mail'];

/** The occupancy of a semester as the overview shows it: one row per apartment, floor by floor. */
export function occupancyRows(building: OccupancyBuilding): Row[] {
  const rows: Row[] = [OCCUPANCY_HEADER];
  for (const floor of building.floors) {
    for (const a of floor.apartments) {
      const r = a.renter;
      rows.push([floor.name, a.name, statusTag(a.adminStatus).text, r ? `${r.firstName} ${r.lastName}` : '', r?.email ?? '']);
    }
  }
  return rows;
}

export function occupancyFileName(semesterName: string): string {
  return `belegung-${fileNamePart(semesterName) || 'semester'}.csv`;
}

/** A renter of the list, with what the detail query adds (missing when it could not be loaded). */
export interface RenterExport {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  detail?: {
    emailValidated: boolean;
    phone: string;
    street: string;
    zip: string;
    city: string;
    country: string;
    birthday: string;
    nationality: string;
    language: string;
    notes: string;
    bookings: readonly { semester: { name: string }; apartment: { name: string }; state: string }[];
  } | null;
}

export const RENTER_HEADER = [
  'Nr.',
  'Nachname',
  'Vorname',
  'E-Mail',
  'E-Mail bestätigt',
  'Telefon',
  'Straße',
  'PLZ',
  'Ort',
  'Land',
  'Geburtstag',
  'Staatsangehörigkeit',
  'Sprache',
  'Buchungen',
  'Notizen',
];

/** The renter list: one row per renter in the given order, bookings as "semester: apartment (status)". */
export function renterRows(renters: readonly RenterExport[]): Row[] {
  const rows: Row[] = [RENTER_HEADER];
  for (const r of renters) {
    const d = r.detail;
    rows.push([
      r.id,
      r.lastName,
      r.firstName,
      r.email,
      d ? d.emailValidated : '',
      d?.phone,
      d?.street,
      d?.zip,
      d?.city,
      d?.country,
      formatDateLong(d?.birthday),
      d?.nationality,
      d?.language,
      d?.bookings.map((b) => `${b.semester.name}: ${b.apartment.name} (${statusTag(b.state).text})`).join(', '),
      d?.notes,
    ]);
  }
  return rows;
}

export function renterListFileName(now: Date): string {
  return `mieterliste-${isoDate(now)}.csv`;
}
