import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { ConfigProvider } from 'antd';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type createMemoryRouter } from 'react-router';
import { routes } from './router';
import { theme } from './theme';

type Router = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

function Themed({ router }: { router: Router }) {
  const { i18n: instance } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={instance.language === 'de' ? deDE : enUS}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

export function App({ client, i18n, router }: { client: ApolloClient; i18n: i18n; router?: Router }) {
  const r = useMemo(() => router ?? createBrowserRouter(routes), [router]);
  return (
    <ApolloProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <Themed router={r} />
      </I18nextProvider>
    </ApolloProvider>
  );
}
