import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { GRAPHQL_PATH } from '../lib/operations';

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' }),
    cache: new InMemoryCache({
      typePolicies: {
        // Apartments are identified by their id across floors, availability and bookings.
        Apartment: { keyFields: ['id'] },
        Semester: { keyFields: ['id'] },
        // Value types without identity: merge them into their parent.
        AvailableApartments: { keyFields: false },
        BookApartment: { keyFields: false },
        ExtendBooking: { keyFields: false },
        PriceCalculation: { keyFields: false },
      },
    }),
  });
}
