import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import StartPage from './StartPage';
import { OFFICE_TASKS, SEMESTER_STATISTICS } from './StartPage.graphql';
import { renderWithProviders } from '../../test/render';

const task = (kind: string, rentingId: string, renterId: number, lastName: string) => ({
  __typename: 'OfficeTask',
  kind,
  rentingId,
  since: '2026-11-20T09:00:00Z',
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

/** The rows of a hidden chart table as their cells' texts (any space as a plain one). */
const rows = async (label: string) =>
  Array.from((await screen.findByRole('table', { name: label })).querySelectorAll('tbody tr'), (row) =>
    Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.replace(/\s/g, ' ')),
  );

describe('StartPage', () => {
  it('lists what waits, each linking to the renter', async () => {
    renderWithProviders(<StartPage />, {
      mocks: [answer([task('IDENTITY_APPROVAL', 'r-1', 7, 'Muster'), task('PAYMENT_OPEN', 'r-2', 8, 'Beispiel')]), statistics],
    });
    const approval = await screen.findByText('Freischaltung offen');
    expect(approval.closest('a')?.getAttribute('href')).toBe('/admin/mieter/7/info');
    expect(approval.closest('a')?.textContent).toBe('Freischaltung offenLena Muster – A12 (SoSe 27), seit 20.11.26');
    expect(screen.getByText('Zahlung offen').closest('a')?.getAttribute('href')).toBe('/admin/mieter/8/info');
  });

  it('says when nothing waits', async () => {
    renderWithProviders(<StartPage />, { mocks: [answer([]), statistics] });
    expect(await screen.findByText('Nichts zu tun.')).toBeTruthy();
  });

  it('charts per semester the occupancy and the rent expected and collected, with the numbers for screen readers', async () => {
    renderWithProviders(<StartPage />, { mocks: [answer([]), statistics] });
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
