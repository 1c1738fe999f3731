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
