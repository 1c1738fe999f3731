import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { refetched } from '../../apollo/cache';
import { graphql } from '../../graphql';
import type { ApartmentsPageQuery } from '../../graphql/graphql';

export const APARTMENTS_PAGE = graphql(`
  query ApartmentsPage($semesterId: Int!) {
    apartmentsPage(semesterId: $semesterId) {
      id
      name
      address
      floors {
        id
        name
        apartments {
          id
          semesterId
          name
          adminStatus
          blockReason
          renter {
            id
            firstName
            lastName
            email
          }
        }
      }
    }
  }
`);

export type OccupancyApartment = ApartmentsPageQuery['apartmentsPage']['floors'][number]['apartments'][number];

export const BLOCK_APARTMENT = graphql(`
  mutation BlockApartment($apartmentId: Int!, $semesterId: Int!, $reason: String!) {
    blockApartment(apartmentId: $apartmentId, semesterId: $semesterId, reason: $reason) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

export const UNBLOCK_APARTMENT = graphql(`
  mutation UnblockApartment($apartmentId: Int!, $semesterId: Int!) {
    unblockApartment(apartmentId: $apartmentId, semesterId: $semesterId) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/** The apartment's status and reason in the semester, which the server derives: fetched again. */
function refetchStatus(cache: ApolloCache, place: { apartmentId: number; semesterId: number }) {
  const id = cache.identify({ __typename: 'SemesterApartment', id: place.apartmentId, semesterId: place.semesterId });
  cache.modify({ id, fields: refetched('adminStatus', 'blockReason', 'renter') });
}

/** Blocks an apartment for a semester; once blocked, its status on the overview is fetched again. */
export function useBlockApartment() {
  return useMutation(BLOCK_APARTMENT, {
    update(cache, result, { variables }) {
      if (variables && !result.data?.blockApartment.exception) refetchStatus(cache, variables);
    },
  });
}

/** Lifts a block; its status on the overview is fetched again. */
export function useUnblockApartment() {
  return useMutation(UNBLOCK_APARTMENT, {
    update(cache, result, { variables }) {
      if (variables && !result.data?.unblockApartment.exception) refetchStatus(cache, variables);
    },
  });
}
