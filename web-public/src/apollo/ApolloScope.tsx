import { useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider, getApolloContext } from '@apollo/client/react';
import { Outlet } from 'react-router';
import { createApolloClient } from './client';

let client: ApolloClient | undefined;

/**
 * Apollo Client for the screens and forms below it (its children, or the routes below it), loaded with
 * their chunks: the site's one client, made the first time one of them shows. A client already provided
 * above (the tests' MockedProvider) is used as it is.
 */
export default function ApolloScope({ children }: { children?: ReactNode }) {
  const provided = useContext(getApolloContext()).client;
  const content = children ?? <Outlet />;
  if (provided) return content;
  client ??= createApolloClient();
  return <ApolloProvider client={client}>{content}</ApolloProvider>;
}
