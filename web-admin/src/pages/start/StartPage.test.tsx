import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import StartPage from './StartPage';
import { OFFICE_TASKS } from './StartPage.graphql';
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

describe('StartPage', () => {
  it('lists what waits, each linking to the renter', async () => {
    renderWithProviders(<StartPage />, {
      mocks: [answer([task('IDENTITY_APPROVAL', 'r-1', 7, 'Muster'), task('PAYMENT_OPEN', 'r-2', 8, 'Beispiel')])],
    });
    const approval = await screen.findByText('Freischaltung offen');
    expect(approval.closest('a')?.getAttribute('href')).toBe('/admin/mieter/7/info');
    expect(approval.closest('a')?.textContent).toBe('Freischaltung offenLena Muster – A12 (SoSe 27), seit 20.11.26');
    expect(screen.getByText('Zahlung offen').closest('a')?.getAttribute('href')).toBe('/admin/mieter/8/info');
  });

  it('says when nothing waits', async () => {
    renderWithProviders(<StartPage />, { mocks: [answer([])] });
    expect(await screen.findByText('Nichts zu tun.')).toBeTruthy();
  });
});
