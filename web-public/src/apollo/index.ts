import { lazy } from 'react';

/** apollo/ApolloScope as its own chunk, with Apollo Client: the first screens do without it. */
export const ApolloScope = lazy(() => import('./ApolloScope'));
