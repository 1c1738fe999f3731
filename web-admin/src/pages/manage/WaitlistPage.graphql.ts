import { useMutation } from '@apollo/client/react';
import { graphql } from '../../graphql';
import type { WaitlistQuery } from '../../graphql/graphql';

/** A semester's waitlist in line order (confirmed entries only). */
export const WAITLIST = graphql(`
  query Waitlist($semesterId: Int!) {
    waitlist(semesterId: $semesterId) {
      id
      position
      state
      name
      email
      language
      floorId
      minSize
      confirmedAt
      offeredApartment {
        id
        name
      }
      offerExpiresAt
      endedAt
    }
  }
`);

export type WaitlistEntry = WaitlistQuery['waitlist'][number];

export const REMOVE_WAITLIST_ENTRY = graphql(`
  mutation RemoveWaitlistEntry($id: ID!) {
    removeWaitlistEntry(id: $id) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Removes an entry from its waitlist. Once removed it leaves the cache, and the list, whose places
 * the server derives, is fetched again.
 */
export function useRemoveWaitlistEntry() {
  return useMutation(REMOVE_WAITLIST_ENTRY, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.removeWaitlistEntry.exception) return;
      cache.evict({ id: cache.identify({ __typename: 'WaitlistEntry', id: variables.id }) });
      cache.evict({ fieldName: 'waitlist' });
      cache.gc();
    },
  });
}
