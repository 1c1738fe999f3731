import { render } from '@testing-library/react';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { testI18n } from './i18n';
import type { Language } from '../lib/language';
import { Operations, OperationsContext } from '../lib/operations';
import { routes } from '../router';

/**
 * Renders the whole app's routes at a path, with mocked GraphQL responses: the same mocks answer the
 * first screens' operations (lib/operations) and the other screens' Apollo Client.
 */
export function renderRoute(path: string, { mocks = [], language = 'en' }: { mocks?: MockLink.MockedResponse[]; language?: Language } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = testI18n(language);
  const client = new ApolloClient({ link: new MockLink(mocks), cache: new InMemoryCache() });
  const operations = new Operations(async (document, variables) => {
    const mutation = document.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'mutation');
    const { data } = mutation
      ? await client.mutate({ mutation: document, variables: variables ?? {} })
      : await client.query({ query: document, variables: variables ?? {}, fetchPolicy: 'no-cache' });
    return data as never;
  });
  const utils = render(
    <ApolloProvider client={client}>
      <OperationsContext value={operations}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </OperationsContext>
    </ApolloProvider>,
  );
  return { ...utils, router, i18n };
}
