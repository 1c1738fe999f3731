import { useMutation } from '@apollo/client/react';
import { refetched } from '../../apollo/cache';
import { graphql } from '../../graphql';

export const RENTER_WITH_DOCUMENT = graphql(`
  query RenterWithDocument($id: Int!) {
    renterWithDocument(id: $id) {
      id
      emailValidated
      notes
      ...PersonalDataFields
      bookings {
        ...BookingCardFields
      }
      ...RenterDocumentsFields
    }
  }
`);

export const APPROVE_IDENTITY_CARD = graphql(`
  mutation ApproveIdentityCard($rentingId: ID!) {
    approveIdentityCard(rentingId: $rentingId)
  }
`);

/**
 * Approves the identity card of one of the renter's bookings. The server unlocks the booking, dates
 * the approval and records it in the renter's Protokoll: the booking and the Protokoll are fetched again.
 */
export function useApproveIdentityCard(renterId: number) {
  return useMutation(APPROVE_IDENTITY_CARD, {
    update(cache, _result, { variables }) {
      if (!variables) return;
      cache.modify({
        id: cache.identify({ __typename: 'Booking', rentingId: variables.rentingId }),
        fields: refetched('state', 'renterIsUnlocked', 'ownerAcknowledgedDate'),
      });
      cache.modify({ id: cache.identify({ __typename: 'Renter', id: renterId }), fields: refetched('auditLog') });
    },
  });
}

export const FREE_APARTMENT = graphql(`
  mutation FreeApartment($apartmentId: Int!, $semesterId: Int!) {
    freeApartment(apartmentId: $apartmentId, semesterId: $semesterId)
  }
`);

/** Deletes the contracts of an apartment in a semester: the renter list is fetched again. */
export function useFreeApartment() {
  return useMutation(FREE_APARTMENT, {
    update(cache) {
      cache.modify({ fields: refetched('rentersByLetter') });
    },
  });
}
