import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import RentersPage from './RentersPage';
import RenterPage, { parseRenterId } from './RenterPage';
import { RENTER_FOR_EXPORT } from './exportRenters.graphql';
import { RENTER_APARTMENTS, RENTERS_BY_LETTER } from './RentersPage.graphql';
import { renderWithProviders } from '../../test/render';

const summary = (id: number, firstName: string, lastName: string) => ({
  __typename: 'RenterSummary',
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.org`,
});

const list = {
  request: { query: RENTERS_BY_LETTER, variables: {} },
  result: {
    data: {
      rentersByLetter: [
        { __typename: 'RentersByLetter', letter: 'B', renters: [] },
        { __typename: 'RentersByLetter', letter: 'M', renters: [summary(7, 'Erika', 'Mustermann'), summary(3, 'Max', 'Meier')] },
        { __typename: 'RentersByLetter', letter: 'A', renters: [summary(9, 'Jonas', 'Abel')] },
      ],
    },
  },
};

const routes = (
  <Routes>
    <Route path="mieter" element={<RentersPage />}>
      <Route path=":id/*" element={<RenterPage />} />
    </Route>
  </Routes>
);

describe('RentersPage', () => {
  it('narrows the list to the renters matching the search and says when none does', async () => {
    const apartments = {
      request: { query: RENTER_APARTMENTS, variables: {} },
      result: {
        data: {
          renterApartments: [
            { __typename: 'RenterApartments', renterId: 9, apartments: [{ __typename: 'Apartment', id: 12, name: 'A12' }] },
          ],
        },
      },
    };
    renderWithProviders(routes, { path: '/admin/mieter', mocks: [list, apartments] });
    await screen.findByText('Erika Mustermann');
    const search = screen.getByLabelText('Mieter suchen');
    fireEvent.change(search, { target: { value: 'max@example' } });
    await waitFor(() => expect(screen.queryByText('Erika Mustermann')).toBeNull());
    expect(screen.getByText('Max Meier')).toBeTruthy();
    expect(screen.queryByText('Jonas Abel')).toBeNull();
    fireEvent.change(search, { target: { value: 'a12' } });
    expect(await screen.findByText('Jonas Abel')).toBeTruthy();
    expect(screen.queryByText('Max Meier')).toBeNull();
    fireEvent.change(search, { target: { value: 'niemand' } });
    expect(await screen.findByText('Kein Mieter gefunden.')).toBeTruthy();
  });

  it('lists renters under their letters, hides empty letters and prompts for a choice', async () => {
    renderWithProviders(routes, { path: '/admin/mieter', mocks: [list] });
    expect(await screen.findByText('Erika Mustermann')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(['A', 'M']);
    expect(screen.getByText('Wähle einen Mieter')).toBeTruthy();
    expect(screen.getByText('erika@example.org')).toBeTruthy();
    expect(screen.getByText('Erika Mustermann').closest('a')?.getAttribute('href')).toBe('/admin/mieter/7');
    const aside = screen.getByRole('complementary', { name: 'Mieterliste' });
    expect(aside.style.width).toBe('350px');
  });

  it('says so when the id is not a number', async () => {
    renderWithProviders(routes, { path: '/admin/mieter/abc/info', mocks: [list] });
    expect(await screen.findByText('No id (number) in URl')).toBeTruthy();
    expect(screen.queryByText('Wähle einen Mieter')).toBeNull();
  });
});

const detail = (id: number, phone: string) => ({
  request: { query: RENTER_FOR_EXPORT, variables: { id } },
  result: {
    data: {
      renter: {
        __typename: 'Renter',
        id,
        email: 'x@example.org',
        emailValidated: true,
        firstName: 'x',
        lastName: 'x',
        street: 'Hauptstraße 1',
        zip: '69117',
        city: 'Heidelberg',
        country: 'DEU',
        birthday: '2003-02-01',
        phone,
        nationality: 'de',
        language: 'de',
        notes: '',
        bookings: [
          {
            __typename: 'Booking',
            rentingId: `r-${id}`,
            semester: { __typename: 'Semester', id: 5, name: 'WiSe 26/27' },
            apartment: { __typename: 'Apartment', id: 12, name: 'A12' },
            state: 'APARTMENT_RESERVED',
          },
        ],
      },
    },
  },
});

describe('renter list export', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('downloads every renter with the data of the renter query as CSV', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => {} }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const missing = { request: { query: RENTER_FOR_EXPORT, variables: { id: 3 } }, result: { data: { renter: null } } };
    renderWithProviders(routes, { path: '/admin/mieter', mocks: [list, detail(9, '0621 123'), missing, detail(7, '+49 170 1')] });
    await screen.findByText('Erika Mustermann');
    fireEvent.click(screen.getByRole('button', { name: 'Mieterliste als CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(names[0]).toMatch(/^mieterliste-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Nr.";"Nachname";"Vorname";"E-Mail";"E-Mail bestätigt";"Telefon";"Straße";"PLZ";"Ort";"Land";"Geburtstag";"Staatsangehörigkeit";"Sprache";"Buchungen";"Notizen"');
    expect(lines[1]).toBe('"9";"Abel";"Jonas";"jonas@example.org";"ja";"0621 123";"Hauptstraße 1";"69117";"Heidelberg";"DEU";"01.02.2003";"de";"de";"WiSe 26/27: A12 (Reserviert)";""');
    expect(lines[2]).toBe('"3";"Meier";"Max";"max@example.org";"";"";"";"";"";"";"";"";"";"";""');
    expect(lines[3]).toBe(`"7";"Mustermann";"Erika";"erika@example.org";"ja";"'+49 170 1";"Hauptstraße 1";"69117";"Heidelberg";"DEU";"01.02.2003";"de";"de";"WiSe 26/27: A12 (Reserviert)";""`);
    expect(lines[4]).toBe('');
  });

  it('shows the error when a renter cannot be loaded', async () => {
    const failing = { request: { query: RENTER_FOR_EXPORT, variables: { id: 9 } }, result: { errors: [{ message: 'forbidden', extensions: { code: 'FORBIDDEN' } }] } };
    renderWithProviders(routes, { path: '/admin/mieter', mocks: [list, failing, detail(3, '1'), detail(7, '2')], showWarnings: false });
    await screen.findByText('Erika Mustermann');
    fireEvent.click(screen.getByRole('button', { name: 'Mieterliste als CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Keine Berechtigung');
  });
});

describe('parseRenterId', () => {
  it.each([
    ['7', 7],
    ['0012', 12],
    ['abc', undefined],
    ['7a', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (raw, want) => {
    expect(parseRenterId(raw)).toBe(want);
  });
});
