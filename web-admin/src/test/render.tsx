import type { ReactElement } from 'react';
import type { ApolloLink } from '@apollo/client';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createCache } from '../apollo/client';
import { RoleProvider } from '../pages/auth/RoleContext';
import { theme } from '../theme';

/** Shows the current path so tests can assert navigation. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

export interface RenderOptions {
  mocks?: MockLink.MockedResponse[];
  /** A path under /admin. */
  path?: string;
  /** Route pattern the element is mounted at; defaults to rendering it for every path. */
  pattern?: string;
  /** Log unmatched GraphQL operations (on by default). */
  showWarnings?: boolean;
  /** A link to use instead of mocks (e.g. a probe in front of a MockLink). */
  link?: ApolloLink;
}

/** Renders ui inside the app's providers with mocked GraphQL and a memory router with basename /admin. */
export function renderWithProviders(ui: ReactElement, { mocks = [], path = '/admin', pattern, showWarnings = true, link }: RenderOptions = {}) {
  return render(
    <ConfigProvider theme={theme}>
      <MockedProvider mocks={mocks} cache={createCache()} showWarnings={showWarnings} link={link}>
        <RoleProvider>
          <MemoryRouter basename="/admin" initialEntries={[path]}>
            {pattern ? (
              <Routes>
                <Route path={pattern} element={ui} />
              </Routes>
            ) : (
              ui
            )}
            <LocationProbe />
          </MemoryRouter>
        </RoleProvider>
      </MockedProvider>
    </ConfigProvider>,
  );
}

/** Stubs fetch for the gateway's non-GraphQL endpoints: whoami answers role; login answers loginStatus. */
export function fakeGateway({
  role = 'admin',
  loginStatus = 204,
  retryAfter,
  sso = 404,
}: {
  role?: string;
  loginStatus?: number;
  retryAfter?: string;
  /** What GET /api/auth/sso answers: enabled or not, or a status (404: a gateway without single sign-on). */
  sso?: boolean | number;
} = {}) {
  const state = { role, calls: [] as { url: string; init?: RequestInit }[] };
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    state.calls.push({ url, init });
    if (url.endsWith('/api/whoami')) return new Response(state.role, { status: 200 });
    if (url.endsWith('/api/auth/login')) {
      if (loginStatus === 204) {
        state.role = 'admin';
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: loginStatus, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });
    }
    if (url.endsWith('/api/auth/sso')) {
      if (typeof sso === 'number') return new Response('not found', { status: sso });
      return new Response(JSON.stringify({ enabled: sso }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (url.endsWith('/api/auth/logout')) {
      state.role = 'anonymous';
      return new Response(null, { status: 204 });
    }
    return new Response('not found', { status: 404 });
  };
  return { state, fetchFn };
}
