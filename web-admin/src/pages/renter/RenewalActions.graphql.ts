import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { refetched } from '../../apollo/cache';
import { graphql } from '../../graphql';

export const OFFER_RENEWAL = graphql(`
  mutation OfferRenewal($rentingId: ID!) {
    offerRenewal(rentingId: $rentingId) {
      uuid
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const ACCEPT_RENEWAL_FOR_RENTER = graphql(`
  mutation AcceptRenewalForRenter($rentingId: ID!) {
    acceptRenewalForRenter(rentingId: $rentingId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const DECLINE_RENEWAL_FOR_RENTER = graphql(`
  mutation DeclineRenewalForRenter($rentingId: ID!) {
    declineRenewalForRenter(rentingId: $rentingId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/** The renter's Protokoll (and, for a new renewal, the bookings) are derived by the server: fetched again. */
function refetchRenter(cache: ApolloCache, renterId: number, ...fields: string[]) {
  cache.modify({ id: cache.identify({ __typename: 'Renter', id: renterId }), fields: refetched('auditLog', ...fields) });
}

/** Offers a paid booking's renter the following semester; the new renewal shows among the bookings. */
export function useOfferRenewal(renterId: number) {
  return useMutation(OFFER_RENEWAL, {
    update(cache, result) {
      if (result.data?.offerRenewal.exception) return;
      refetchRenter(cache, renterId, 'bookings');
    },
  });
}

/** Answers a renewal for the renter; its state is fetched again. */
export function useAnswerRenewal(renterId: number) {
  const update = (cache: ApolloCache, rentingId: string) => {
    cache.modify({ id: cache.identify({ __typename: 'Booking', rentingId }), fields: refetched('state') });
    refetchRenter(cache, renterId);
  };
  const accept = useMutation(ACCEPT_RENEWAL_FOR_RENTER, {
    update(cache, result, { variables }) {
      if (variables && !result.data?.acceptRenewalForRenter.exception) update(cache, String(variables.rentingId));
    },
  });
  const decline = useMutation(DECLINE_RENEWAL_FOR_RENTER, {
    update(cache, result, { variables }) {
      if (variables && !result.data?.declineRenewalForRenter.exception) update(cache, String(variables.rentingId));
    },
  });
  return { accept, decline };
}
