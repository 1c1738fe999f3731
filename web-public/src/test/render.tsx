import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createI18n } from '../i18n';
import type { Language } from '../lib/language';
import { routes } from '../router';

/** Renders the whole app's routes at a path, with mocked GraphQL responses. */
export function renderRoute(path: string, { mocks = [], language = 'en' }: { mocks?: MockLink.MockedResponse[]; language?: Language } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = createI18n(language);
  const utils = render(
    <MockedProvider mocks={mocks}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </MockedProvider>,
  );
  return { ...utils, router, i18n };
}
