import type { ApolloClient } from '@apollo/client';
import type { RenterExport } from '../../lib/exports';
import type { RenterSummary } from '../../lib/renters';
import { RENTER_FOR_EXPORT } from './exportRenters.graphql';

/** How many renter queries run at once while the list is exported. */
const PARALLEL = 4;

/**
 * Adds each renter's data from the renter query (phone, address, bookings ...) to the list, a few
 * queries at a time; the first failure rejects.
 */
export async function loadRenterExport(client: ApolloClient, renters: readonly RenterSummary[]): Promise<RenterExport[]> {
  const result: RenterExport[] = renters.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email }));
  let next = 0;
  const worker = async () => {
    while (next < result.length) {
      const row = result[next++];
      const { data } = await client.query({ query: RENTER_FOR_EXPORT, variables: { id: row.id }, fetchPolicy: 'network-only' });
      row.detail = data?.renter ?? null;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, result.length) }, worker));
  return result;
}
