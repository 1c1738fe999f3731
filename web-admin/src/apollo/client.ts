import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/** The gateway's GraphQL endpoint, same origin so the session cookie goes along. */
export const GRAPHQL_PATH = '/api/graphql';

/** The cache with the app's type policies (also used by the tests). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // The same apartment differs per semester: key it by both.
      SemesterApartment: { keyFields: ['id', 'semesterId'] },
      // The edit view has no id of its own: keep it inside its query.
      RenterForEdit: { keyFields: false },
      Booking: { keyFields: ['rentingId'] },
      Handover: { keyFields: ['rentingId'] },
      RentingLedger: { keyFields: ['rentingId'] },
    },
  });
}

export function createClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' }),
    cache: createCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}
