import { useMutation } from '@apollo/client/react';
import { refetched } from '../../apollo/cache';
import { graphql } from '../../graphql';

export const REFUNDABLE_CENTS = graphql(`
  query RefundableCents($rentingId: ID!) {
    refundableCents(rentingId: $rentingId)
  }
`);

export const CANCEL_BOOKING = graphql(`
  mutation CancelBooking($rentingId: ID!, $reason: String!, $refundCents: Int!) {
    cancelBooking(rentingId: $rentingId, reason: $reason, refundCents: $refundCents) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Cancels a booking with the office's reason and refund. The server moves it to CANCELED and records
 * the cancellation in the renter's Protokoll: the booking and the Protokoll are fetched again.
 */
export function useCancelBooking(renterId: number) {
  return useMutation(CANCEL_BOOKING, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.cancelBooking.exception) return;
      cache.modify({
        id: cache.identify({ __typename: 'Booking', rentingId: variables.rentingId }),
        fields: refetched('state', 'cancellation'),
      });
      cache.modify({ id: cache.identify({ __typename: 'Renter', id: renterId }), fields: refetched('auditLog') });
    },
  });
}

export const REISSUE_CONTRACT = graphql(`
  mutation ReissueContract($rentingId: ID!) {
    reissueContract(rentingId: $rentingId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Has an open contract written anew at today's price. The booking takes the new contract (link and
 * total) once the document service wrote it, and the Protokoll records the reissue: both are fetched again.
 */
export function useReissueContract(renterId: number) {
  return useMutation(REISSUE_CONTRACT, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.reissueContract.exception) return;
      cache.modify({ id: cache.identify({ __typename: 'Booking', rentingId: variables.rentingId }), fields: refetched('signingLink') });
      cache.modify({ id: cache.identify({ __typename: 'Renter', id: renterId }), fields: refetched('auditLog') });
    },
  });
}
