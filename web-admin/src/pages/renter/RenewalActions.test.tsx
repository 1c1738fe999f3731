import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RenewalActions } from './RenewalActions';
import { ACCEPT_RENEWAL_FOR_RENTER, OFFER_RENEWAL } from './RenewalActions.graphql';
import { booking } from './fixtures';
import { renderWithProviders } from '../../test/render';

const noException = (field: string) => ({ data: { [field]: { __typename: 'UpdateResult', exception: null } } });

describe('RenewalActions', () => {
  it('shows a waiting renewal with its deadline and accepts it for the renter', async () => {
    const accepted = vi.fn(() => noException('acceptRenewalForRenter'));
    renderWithProviders(
      <RenewalActions booking={booking({ rentingId: 'r-2', renewal: true, state: 'RENEWAL_REQUEST', renewalDeadline: '2026-11-30' })} renterId={7} />,
      { mocks: [{ request: { query: ACCEPT_RENEWAL_FOR_RENTER, variables: { rentingId: 'r-2' } }, result: accepted }] },
    );
    expect(screen.getByText('Verlängerung: Antwort bis 30.11.26 – offen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verlängerung ablehnen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verlängerung annehmen' }));
    await waitFor(() => expect(accepted).toHaveBeenCalled());
  });

  it('shows the answer of an answered renewal without buttons', () => {
    renderWithProviders(<RenewalActions booking={booking({ renewal: true, state: 'CANCELED', renewalDeadline: '2026-11-30' })} renterId={7} />);
    expect(screen.getByText('Verlängerung: Antwort bis 30.11.26 – abgelehnt')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a paid booking a renewal and shows a refusal in German', async () => {
    const refused = {
      data: {
        offerRenewal: {
          __typename: 'RentingResult',
          uuid: null,
          exception: { __typename: 'UserDataException', path: 'rentingId', messageId: 'ALREADY_RENTING', params: [] },
        },
      },
    };
    renderWithProviders(<RenewalActions booking={booking({ state: 'PAYED', apartmentPaid: true })} renterId={7} />, {
      mocks: [{ request: { query: OFFER_RENEWAL, variables: { rentingId: 'r-1' } }, result: refused }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verlängerung anbieten' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Buchung: Für dieses Semester gibt es bereits eine Buchung.');
  });

  it('offers nothing for a booking that is not paid', () => {
    renderWithProviders(<RenewalActions booking={booking()} renterId={7} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
