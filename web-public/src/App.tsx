import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type createMemoryRouter } from 'react-router';
import { routes } from './router';

type Router = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

// No antd here: the shell and the screens are plain elements; the forms bring antd with their chunk
// (components/Antd/AntdScope).
export function App({ client, i18n, router }: { client: ApolloClient; i18n: i18n; router?: Router }) {
  const r = useMemo(() => router ?? createBrowserRouter(routes), [router]);
  return (
    <ApolloProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={r} />
      </I18nextProvider>
    </ApolloProvider>
  );
}
