import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import ErasurePage from './ErasurePage';
import { ERASURE_REQUESTS, EXECUTE_ERASURE } from './ErasurePage.graphql';
import { renderWithProviders } from '../../test/render';

const renter = (id: number, firstName: string, lastName: string, erasedAt: string | null) => ({
  __typename: 'Renter',
  id,
  firstName,
  lastName,
  email: erasedAt ? `erased-${id}@erased.invalid` : `${firstName.toLowerCase()}@example.org`,
  erasureRequestedAt: '2027-05-03T08:00:00Z',
  erasedAt,
});

const requests = (...renters: unknown[]): MockLink.MockedResponse => ({
  request: { query: ERASURE_REQUESTS },
  result: { data: { erasureRequests: renters } },
});

const executed = (exception: unknown = null): MockLink.MockedResponse => ({
  request: { query: EXECUTE_ERASURE, variables: { renterId: 7 } },
  result: { data: { executeErasure: { __typename: 'UpdateResult', exception } } },
});

async function execute() {
  const row = (await screen.findByText('Schmidt, Anna')).closest('tr')!;
  fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Löschung ausführen' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
}

describe('ErasurePage', () => {
  it('lists the requests and executes an open one after the confirmation; the renter then shows as erased', async () => {
    renderWithProviders(<ErasurePage />, {
      mocks: [
        requests(renter(7, 'Anna', 'Schmidt', null), renter(8, '', '', '2027-05-04T09:00:00Z')),
        executed(),
        {
          request: { query: ERASURE_REQUESTS },
          result: { data: { erasureRequests: [renter(7, '', '', '2027-05-05T10:00:00Z'), renter(8, '', '', '2027-05-04T09:00:00Z')] } },
        },
      ],
    });
    expect(await screen.findByText('Mieter 8 (gelöscht)')).toBeTruthy();
    expect(screen.getByText(/^Gelöscht am 04\.05\.27/)).toBeTruthy();
    expect(screen.getByText('anna@example.org')).toBeTruthy();
    await execute();
    expect(await screen.findByText('Mieter 7 (gelöscht)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Löschung ausführen' })).toBeNull();
  });

  it('a refused execution is a clear message', async () => {
    renderWithProviders(<ErasurePage />, {
      mocks: [
        requests(renter(7, 'Anna', 'Schmidt', null)),
        executed({ __typename: 'UserDataException', path: 'renterId', messageId: 'NO_ERASURE_REQUEST', params: [] }),
      ],
    });
    await execute();
    expect((await screen.findByRole('alert')).textContent).toContain('Dieser Mieter hat keine Löschung beantragt.');
  });
});
