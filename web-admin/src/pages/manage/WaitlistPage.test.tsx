import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import WaitlistPage from './WaitlistPage';
import { SEMESTERS } from './SemesterPage.graphql';
import { REMOVE_WAITLIST_ENTRY, WAITLIST } from './WaitlistPage.graphql';
import { renderWithProviders } from '../../test/render';

const semester = (id: number, name: string, rentingPhase: string, current: boolean) => ({
  __typename: 'Semester',
  id,
  name,
  current,
  startDate: '2027-04-01',
  endDate: '2027-09-30',
  rentingPhase,
  startsInDays: id * 10,
});

const entry = (id: string, position: number, state: string, extra: object = {}) => ({
  __typename: 'WaitlistEntry',
  id,
  position,
  state,
  name: null,
  email: null,
  language: null,
  floorId: null,
  minSize: null,
  confirmedAt: '2026-11-20T10:00:00Z',
  offeredApartment: null,
  offerExpiresAt: null,
  endedAt: null,
  ...extra,
});

const apartment = { __typename: 'Apartment', id: 14, name: '1.04' };
const semestersMock = {
  request: { query: SEMESTERS, variables: {} },
  result: { data: { semesters: [semester(2, 'WiSe 26/27', 'RUNNING', true), semester(3, 'SoSe 27', 'BOOKING', false)] } },
};
const list = [
  entry('e1', 1, 'EXPIRED', { offeredApartment: apartment, endedAt: '2026-11-23T10:00:00Z' }),
  entry('e2', 2, 'OFFERED', { name: 'Lea Wagner', email: 'lea@example.org', language: 'de', minSize: 28, offeredApartment: apartment, offerExpiresAt: '2026-11-25T11:00:00Z' }),
  entry('e3', 3, 'WAITING', { name: 'Ben Okafor', email: 'ben@example.org', language: 'en', floorId: 2 }),
];

describe('WaitlistPage', () => {
  it('shows the bookable semester\'s line in order with each entry\'s state and wishes', async () => {
    renderWithProviders(<WaitlistPage />, {
      mocks: [semestersMock, { request: { query: WAITLIST, variables: { semesterId: 3 } }, result: { data: { waitlist: list } } }],
    });
    await screen.findByText('Lea Wagner');
    const rows = Array.from(document.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['1', '–', '–', '–', '–', '20.11.26 11:00', 'Angebot abgelaufen: 1.04', 'Entfernen'],
      ['2', 'Lea Wagner', 'lea@example.org', 'de', 'ab 28 m²', '20.11.26 11:00', 'Angeboten: 1.04 bis 25.11.26 12:00', 'Entfernen'],
      ['3', 'Ben Okafor', 'ben@example.org', 'en', 'Etage 2', '20.11.26 11:00', 'Wartet', 'Entfernen'],
    ]);
  });

  it('removes an entry after asking and fetches the line again', async () => {
    renderWithProviders(<WaitlistPage />, {
      mocks: [
        semestersMock,
        { request: { query: WAITLIST, variables: { semesterId: 3 } }, result: { data: { waitlist: list } } },
        { request: { query: REMOVE_WAITLIST_ENTRY, variables: { id: 'e3' } }, result: { data: { removeWaitlistEntry: { __typename: 'UpdateResult', exception: null } } } },
        { request: { query: WAITLIST, variables: { semesterId: 3 } }, result: { data: { waitlist: list.slice(0, 2) } } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Platz 3 entfernen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(screen.queryByText('Ben Okafor')).toBeNull());
    expect(screen.getByText('Lea Wagner')).toBeTruthy();
  });
});
