import { useMutation } from '@apollo/client/react';
import { refetched } from '../../apollo/cache';
import { graphql } from '../../graphql';

// The renters who asked, on their own page, to erase their data (the renter service).
export const ERASURE_REQUESTS = graphql(`
  query ErasureRequests {
    erasureRequests {
      id
      firstName
      lastName
      email
      erasureRequestedAt
      erasedAt
    }
  }
`);

export const EXECUTE_ERASURE = graphql(`
  mutation ExecuteErasure($renterId: Int!) {
    executeErasure(renterId: $renterId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Executes a renter's erasure: the server replaces the renter's data and records the time, so the
 * renter's fields and the renter list are fetched again.
 */
export function useExecuteErasure() {
  return useMutation(EXECUTE_ERASURE, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.executeErasure.exception) return;
      cache.modify({
        id: cache.identify({ __typename: 'Renter', id: variables.renterId }),
        fields: refetched('firstName', 'lastName', 'email', 'erasedAt', 'auditLog'),
      });
      cache.modify({ fields: refetched('rentersByLetter') });
    },
  });
}
