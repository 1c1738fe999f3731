import { useMutation } from '@apollo/client/react';
import { refetched, written } from '../../apollo/cache';
import { graphql } from '../../graphql';
import type { RenterForEditQuery } from '../../graphql/graphql';

export const RENTER_FOR_EDIT = graphql(`
  query RenterForEdit($renterId: Int!) {
    renterForEdit(renterId: $renterId) {
      firstName
      lastName
      phone
      notes
      email
    }
  }
`);

export type RenterForEdit = NonNullable<RenterForEditQuery['renterForEdit']>;

export const UPDATE_RENTER = graphql(`
  mutation UpdateRenter($update: RenterUpdate!) {
    updateRenter(update: $update) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Saves a renter's names, phone and notes. Once saved they are written into the cached renter; the
 * renter list, grouped by the last name's letter on the server, is fetched again.
 */
export function useUpdateRenter() {
  return useMutation(UPDATE_RENTER, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.updateRenter.exception) return;
      const { id, ...values } = variables.update;
      cache.modify({ id: cache.identify({ __typename: 'Renter', id }), fields: written(values) });
      cache.modify({ fields: refetched('rentersByLetter') });
    },
  });
}
