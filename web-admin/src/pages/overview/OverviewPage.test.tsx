import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import OverviewPage from './OverviewPage';
import { SEMESTERS } from '../manage/SemesterPage.graphql';
import { APARTMENTS_PAGE, BLOCK_APARTMENT } from './OverviewPage.graphql';
import { renderWithProviders } from '../../test/render';

const semester = (id: number, name: string, startsInDays: number, current: boolean, rentingPhase: string) => ({
  __typename: 'Semester',
  id,
  name,
  current,
  startDate: '2026-04-01',
  endDate: '2026-09-30',
  rentingPhase,
  startsInDays,
});

const apartment = (id: number, semesterId: number, name: string, adminStatus: string, renter?: [number, string, string], blockReason: string | null = null) => ({
  __typename: 'SemesterApartment',
  id,
  semesterId,
  name,
  adminStatus,
  blockReason,
  renter: renter
    ? { __typename: 'Renter', id: renter[0], firstName: renter[1], lastName: renter[2], email: `${renter[1].toLowerCase()}@example.org` }
    : null,
});

const page = (semesterId: number, address: string) => ({
  request: { query: APARTMENTS_PAGE, variables: { semesterId } },
  result: {
    data: {
      apartmentsPage: {
        __typename: 'SemesterBuilding',
        id: 1,
        name: 'Neckarblick',
        address,
        floors: [
          {
            __typename: 'SemesterFloor',
            id: 1,
            name: 'EG',
            apartments: [
              apartment(1, semesterId, 'A01', 'PAYED', [7, 'Erika', 'Mustermann']),
              apartment(2, semesterId, 'A02', 'AVAILABLE'),
              apartment(3, semesterId, 'A03', 'APARTMENT_RESERVED', [8, 'Max', 'Muster']),
            ],
          },
        ],
      },
    },
  },
});

const semesters = (list: ReturnType<typeof semester>[]) => ({
  request: { query: SEMESTERS, variables: {} },
  result: { data: { semesters: list } },
});

describe('OverviewPage', () => {
  it('chooses the current semester, shows the building and links cards with renters', async () => {
    renderWithProviders(<OverviewPage />, {
      mocks: [
        semesters([semester(1, 'SoSe 26', -20, true, 'RUNNING'), semester(2, 'WiSe 26/27', 160, false, 'BOOKING')]),
        page(1, 'Neckarstaden 1, Heidelberg'),
      ],
    });
    expect(await screen.findByText('Neckarstaden 1, Heidelberg')).toBeTruthy();
    expect(screen.getByText('SoSe 26 (RUNNING)')).toBeTruthy();
    expect(screen.getByText('Übersicht')).toBeTruthy();

    const paid = screen.getByTestId('apartment-1');
    expect(within(paid).getByText('Bezahlt')).toBeTruthy();
    expect(within(paid).getByText('Erika Mustermann')).toBeTruthy();
    expect(paid.closest('a')?.getAttribute('href')).toBe('/admin/mieter/7/info');
    expect(paid.getAttribute('data-highlight')).toBe('false');

    const free = screen.getByTestId('apartment-2');
    expect(within(free).getByText('Verfügbar')).toBeTruthy();
    expect(within(free).getByText('-')).toBeTruthy();
    expect(free.closest('a')).toBeNull();

    expect(screen.getByTestId('apartment-3').getAttribute('data-highlight')).toBe('true');
  });

  it('chooses the first semester by startsInDays when none is current, and switches on selection', async () => {
    renderWithProviders(<OverviewPage />, {
      mocks: [
        semesters([semester(1, 'SoSe 26', -20, false, 'RUNNING'), semester(2, 'WiSe 26/27', 160, false, 'BOOKING')]),
        page(2, 'Adresse Winter'),
        page(1, 'Adresse Sommer'),
      ],
    });
    expect(await screen.findByText('Adresse Winter')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Semester' }));
    await screen.findAllByRole('option');
    const options = Array.from(document.querySelectorAll('.ant-select-item-option-content'));
    expect(options.map((o) => o.textContent)).toEqual(['WiSe 26/27 (BOOKING)', 'SoSe 26 (RUNNING)']);
    fireEvent.click(screen.getAllByText('SoSe 26 (RUNNING)').at(-1)!);
    expect(await screen.findByText('Adresse Sommer')).toBeTruthy();
  });

  it('does not ask for the occupancy without a semester', async () => {
    const occupancy = vi.fn(() => page(1, 'x').result);
    renderWithProviders(<OverviewPage />, {
      mocks: [semesters([]), { request: { query: APARTMENTS_PAGE, variables: () => true }, result: occupancy }],
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Semester' })).toBeTruthy());
    await new Promise((r) => setTimeout(r, 100));
    expect(occupancy).not.toHaveBeenCalled();
    expect(screen.queryByText('EG')).toBeNull();
  });

  it('downloads the occupancy of the chosen semester as CSV', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => {} }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<OverviewPage />, {
      mocks: [semesters([semester(2, 'WiSe 26/27', 160, true, 'BOOKING')]), page(2, 'Neckarstaden 1, Heidelberg')],
    });
    const button = await screen.findByRole('button', { name: 'Belegung als CSV' });
    await screen.findByText('Neckarstaden 1, Heidelberg');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    expect(names).toEqual(['belegung-WiSe-26-27.csv']);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      '"Etage";"Wohnung";"Status";"Mieter";"E-Mail"\r\n' +
        '"EG";"A01";"Bezahlt";"Erika Mustermann";"erika@example.org"\r\n' +
        '"EG";"A02";"Verfügbar";"";""\r\n' +
        '"EG";"A03";"Reserviert";"Max Muster";"max@example.org"\r\n',
    );
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OverviewPage blocking', () => {
  it('blocks a free apartment with a reason and shows a refusal in the dialog', async () => {
    const refused = {
      request: { query: BLOCK_APARTMENT, variables: { apartmentId: 2, semesterId: 1, reason: 'Wasserschaden' } },
      result: {
        data: {
          blockApartment: {
            __typename: 'UpdateResult',
            exception: { __typename: 'UserDataException', path: 'apartmentId', messageId: 'APARTMENT_HELD', params: [{ __typename: 'KeyValue', key: 'state', value: 'APARTMENT_RESERVED' }] },
          },
        },
      },
    };
    const shown = page(1, 'Neckarstaden 1, Heidelberg');
    // a paid renting whose renter's personal data is gone (erased): it holds the apartment all the same
    shown.result.data.apartmentsPage.floors[0].apartments.push(apartment(4, 1, 'A04', 'PAYED'));
    renderWithProviders(<OverviewPage />, {
      mocks: [semesters([semester(1, 'SoSe 26', -20, true, 'RUNNING')]), shown, refused],
    });
    const free = await screen.findByTestId('apartment-2');
    expect(within(screen.getByTestId('apartment-1')).queryByRole('button', { name: /blockieren/ })).toBeNull();
    // held, although without a renter to show: blocking would be refused, so it is not offered
    const held = screen.getByTestId('apartment-4');
    expect(within(held).getByText('Bezahlt')).toBeTruthy();
    expect(within(held).queryByRole('button', { name: /blockieren/ })).toBeNull();
    fireEvent.click(within(free).getByRole('button', { name: 'A02 blockieren' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Blockieren' }));
    expect(await within(dialog).findByText('Angabe fehlt.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Grund'), { target: { value: 'Wasserschaden' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Blockieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Die Wohnung ist in diesem Semester vergeben (Reserviert). Erst den Vertrag löschen, dann blockieren.',
    );
  });

  it('shows a blocked apartment with its reason and a way to lift the block', async () => {
    const blocked = page(1, 'Neckarstaden 1, Heidelberg');
    blocked.result.data.apartmentsPage.floors[0].apartments[1] = apartment(2, 1, 'A02', 'APARTMENT_BLOCKED', undefined, 'Renovierung');
    renderWithProviders(<OverviewPage />, { mocks: [semesters([semester(1, 'SoSe 26', -20, true, 'RUNNING')]), blocked] });
    const card = await screen.findByTestId('apartment-2');
    expect(within(card).getByText('Blockiert')).toBeTruthy();
    expect(within(card).getByText('Grund: Renovierung')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Blockierung von A02 aufheben' })).toBeTruthy();
  });
});
