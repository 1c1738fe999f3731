import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import StartPage from './StartPage';
import { BOOKS_EXPORT, OFFICE_TASKS, SEMESTER_BOOKS, SEMESTER_STATISTICS } from './StartPage.graphql';
import { renderWithProviders } from '../../test/render';

const task = (kind: string, rentingId: string, renterId: number, lastName: string, due: string | null = null) => ({
  __typename: 'OfficeTask',
  kind,
  rentingId,
  since: '2026-11-20T09:00:00Z',
  due,
  renter: { __typename: 'Renter', id: renterId, firstName: 'Lena', lastName },
  apartment: { __typename: 'Apartment', id: 12, name: 'A12' },
  semester: { __typename: 'Semester', id: 5, name: 'SoSe 27' },
});

const answer = (tasks: ReturnType<typeof task>[]) => ({ request: { query: OFFICE_TASKS, variables: {} }, result: { data: { officeTasks: tasks } } });

const statistic = (id: number, name: string, held: number, blocked: number, rentExpected: number, rentCollected: number) => ({
  __typename: 'SemesterStatistics',
  semester: { __typename: 'Semester', id, name },
  apartments: 24,
  held,
  blocked,
  rentExpected,
  rentCollected,
});

const statistics = {
  request: { query: SEMESTER_STATISTICS, variables: {} },
  result: { data: { semesterStatistics: [statistic(6, 'SoSe 27', 10, 2, 28950.5, 12000), statistic(5, 'WiSe 26/27', 20, 0, 60000, 60000)] } },
};

const semesterBooks = (id: number, name: string, chargedCents: number, paidCents: number, refundedCents: number, depositHeldCents: number, keptCents: number, openCents: number) => ({
  __typename: 'SemesterBooks',
  semester: { __typename: 'Semester', id, name },
  chargedCents,
  paidCents,
  refundedCents,
  depositHeldCents,
  keptCents,
  openCents,
});

const books = {
  request: { query: SEMESTER_BOOKS, variables: {} },
  result: { data: { semesterBooks: [semesterBooks(6, 'SoSe 27', 376500, 300000, 0, 80000, 0, 76500), semesterBooks(5, 'WiSe 26/27', 753000, 753000, 74950, 80000, 5050, 0)] } },
};

const show = (tasks: ReturnType<typeof task>[], more: MockLink.MockedResponse[] = []) =>
  renderWithProviders(<StartPage />, { mocks: [answer(tasks), statistics, books, ...more] });

/** The rows of a hidden chart table as their cells' texts (any space as a plain one). */
const rows = async (label: string) =>
  Array.from((await screen.findByRole('table', { name: label })).querySelectorAll('tbody tr'), (row) =>
    Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.replace(/\s/g, ' ')),
  );

describe('StartPage', () => {
  it('lists what waits, each linking to the renter', async () => {
    show([task('IDENTITY_APPROVAL', 'r-1', 7, 'Muster'), task('PAYMENT_OPEN', 'r-2', 8, 'Beispiel')]);
    const approval = await screen.findByText('Freischaltung offen');
    expect(approval.closest('a')?.getAttribute('href')).toBe('/admin/mieter/7/info');
    expect(approval.closest('a')?.textContent).toBe('Freischaltung offenLena Muster – A12 (SoSe 27), seit 20.11.26');
    expect(screen.getByText('Zahlung offen').closest('a')?.getAttribute('href')).toBe('/admin/mieter/8/info');
  });

  it('says when nothing waits', async () => {
    show([]);
    expect(await screen.findByText('Nichts zu tun.')).toBeTruthy();
  });

  it('charts per semester the occupancy and the rent expected and collected, with the numbers for screen readers', async () => {
    show([]);
    // The charts' chunk (recharts) loads lazily: give it time.
    expect(await screen.findByRole('heading', { name: 'Belegung' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Miete: erwartet und eingenommen' })).toBeTruthy();
    expect(await rows('Belegung je Semester')).toEqual([
      ['SoSe 27', '24', '10', '2', '12'],
      ['WiSe 26/27', '24', '20', '0', '4'],
    ]);
    expect(await rows('Miete je Semester')).toEqual([
      ['SoSe 27', '28.950,50 €', '12.000,00 €'],
      ['WiSe 26/27', '60.000,00 €', '60.000,00 €'],
    ]);
  });
});

describe('StartPage: handovers and the books', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists disputed handovers and due settlements with their deadline, red once passed', async () => {
    show([task('HANDOVER_DISPUTED', 'r-3', 9, 'Streit', '2999-01-31'), task('DEPOSIT_SETTLEMENT_DUE', 'r-4', 10, 'Spät', '2026-01-15')]);
    const disputed = (await screen.findByText('Übergabe widersprochen')).closest('a');
    expect(disputed?.getAttribute('href')).toBe('/admin/mieter/9/info');
    expect(disputed?.textContent).toBe('Übergabe widersprochenLena Streit – A12 (SoSe 27), seit 20.11.26, fällig bis 31.01.99');
    const due = screen.getByText('Kaution abrechnen').closest('a');
    expect(due?.getAttribute('href')).toBe('/admin/mieter/10/info');
    const overdue = within(due!).getByText(/fällig bis 15\.01\.26 \(überfällig\)/);
    expect(overdue.getAttribute('style')).toContain('color');
    expect(within(disputed!).getByText(/fällig bis/).getAttribute('style')).toBeNull();
  });

  it("shows each semester's books in euros", async () => {
    show([]);
    const region = await screen.findByRole('region', { name: 'Bücher' });
    await waitFor(() => expect(region.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(2));
    expect(Array.from(region.querySelectorAll('.ant-table-tbody tr.ant-table-row'), (row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent?.replace(/\s/g, ' ')))).toEqual([
      ['SoSe 27', '3.765,00 €', '3.000,00 €', '0,00 €', '800,00 €', '0,00 €', '765,00 €'],
      ['WiSe 26/27', '7.530,00 €', '7.530,00 €', '749,50 €', '800,00 €', '50,50 €', '0,00 €'],
    ]);
  });

  it('downloads the DATEV export of the chosen range under its name, this month preset', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:export'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const file = '"EXTF";700;21;"Buchungsstapel"\r\nUmsatz;Soll/Haben\r\n';
    const exported = vi.fn(() => ({
      data: { booksExport: { __typename: 'BooksExport', fileName: 'EXTF_Buchungsstapel_2026-11.csv', contentType: 'text/csv;charset=windows-1252', content: btoa(file) } },
    }));
    show([], [{ request: { query: BOOKS_EXPORT, variables: { from: '2026-11-01', to: '2026-11-30', format: 'DATEV' } }, result: exported }]);
    const from = (await screen.findByLabelText('Von')) as HTMLInputElement;
    const to = screen.getByLabelText('Bis') as HTMLInputElement;
    const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Europe/Berlin' }).format(new Date());
    expect(from.value).toBe(`${month}-01`);
    expect(to.value.slice(0, 7)).toBe(month);
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.change(to, { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'DATEV-Export' }));
    await waitFor(() => expect(names).toEqual(['EXTF_Buchungsstapel_2026-11.csv']));
    expect(exported).toHaveBeenCalledTimes(1);
    expect(blobs[0].type).toBe('text/csv;charset=windows-1252');
    expect(await blobs[0].text()).toBe(file);
  });

  it('says in German when the range is refused', async () => {
    show([], [{ request: { query: BOOKS_EXPORT, variables: () => true }, result: { data: null, errors: [{ message: 'BOOKS_RANGE_INVALID', path: ['booksExport'] }] } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'CSV-Export' }));
    expect(await screen.findByText('Der Zeitraum ist ungültig: der Beginn muss vor dem Ende liegen, beide im selben Geschäftsjahr.')).toBeTruthy();
  });
});
