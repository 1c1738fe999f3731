import { useMemo } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type createMemoryRouter } from 'react-router';
import { routes } from './router';

type Router = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

// No antd and no Apollo Client here: the shell and the first screens are plain elements that ask the API
// through lib/operations; the forms bring antd with their chunk (components/Antd/AntdScope), the other
// screens Apollo with theirs (apollo/ApolloScope).
export function App({ i18n, router }: { i18n: i18n; router?: Router }) {
  const r = useMemo(() => router ?? createBrowserRouter(routes), [router]);
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={r} />
    </I18nextProvider>
  );
}
