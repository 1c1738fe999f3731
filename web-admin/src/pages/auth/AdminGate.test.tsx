import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AdminRoutes } from '../../router';
import { fakeGateway, renderWithProviders } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

async function signIn(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Benutzername'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /Anmelden/ }));
}

describe('admin area access', () => {
  beforeEach(() => vi.stubGlobal('fetch', fakeGateway({ role: 'admin' }).fetchFn));

  it('shows a spinner while the role loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const { container } = renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/semester-x' });
    expect(container.querySelector('.ant-spin')).not.toBeNull();
    expect(screen.queryByText('Kein Zugriff')).toBeNull();
  });

  it('shows the sidebar with the spec links to admins', async () => {
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/overview' });
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Semesterhaus', '/admin'],
      ['Übersicht', '/admin/overview'],
      ['Mieter', '/admin/mieter'],
      ['Wohnungen', '/admin/verwalten/apartments'],
      ['Semester', '/admin/verwalten/semester'],
      ['Warteliste', '/admin/verwalten/warteliste'],
      ['Löschanträge', '/admin/loeschantraege'],
    ]);
    expect(screen.queryByText('Kein Zugriff')).toBeNull();
  });

  it('shows the start page at /admin', async () => {
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Was wartet' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it.each([['/admin/unknown'], ['/admin/foo/bar']])('sends %s to the overview', async (path) => {
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/overview'));
  });

  it('sends other /admin/verwalten paths to the semester page', async () => {
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/verwalten/xyz' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verwalten/semester'));
  });

  it('refuses any other role without a sign-in form', async () => {
    vi.stubGlobal('fetch', fakeGateway({ role: 'renter' }).fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/overview' });
    expect(await screen.findByText('Kein Zugriff')).toBeTruthy();
    expect(screen.queryByLabelText('Benutzername')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows Kein Zugriff and the sign-in form to anonymous, and the admin area after sign-in', async () => {
    const gw = fakeGateway({ role: 'anonymous' });
    vi.stubGlobal('fetch', gw.fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/overview' });
    expect(await screen.findByText('Kein Zugriff')).toBeTruthy();
    await signIn('admin', 'secret');
    expect(await screen.findByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    const login = gw.state.calls.find((c) => c.url.endsWith('/api/auth/login'))!;
    expect(login.init?.method).toBe('POST');
    expect(JSON.parse(String(login.init?.body))).toEqual({ username: 'admin', password: 'secret' });
  });

  it('shows a German error for wrong credentials', async () => {
    vi.stubGlobal('fetch', fakeGateway({ role: 'anonymous', loginStatus: 401 }).fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/overview' });
    await signIn('admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Benutzername oder Passwort ist falsch.');
    expect(screen.getByText('Kein Zugriff')).toBeTruthy();
  });

  it('says zu viele Versuche when rate limited', async () => {
    vi.stubGlobal('fetch', fakeGateway({ role: 'anonymous', loginStatus: 429, retryAfter: '30' }).fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/overview' });
    await signIn('admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Zu viele Versuche. Bitte in 30 Sekunden erneut versuchen.');
  });

  it('signs out from the sidebar', async () => {
    const gw = fakeGateway({ role: 'admin' });
    vi.stubGlobal('fetch', gw.fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/overview' });
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Kein Zugriff')).toBeTruthy();
    expect(gw.state.calls.some((c) => c.url.endsWith('/api/auth/logout') && c.init?.method === 'POST')).toBe(true);
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
  });
});

describe('single sign-on', () => {
  it.each([
    ['enabled', true, true],
    ['disabled', false, false],
    ['an older gateway without the endpoint (404)', 404, false],
    ['a failing endpoint (500)', 500, false],
  ])('shows the button when %s', async (_, sso, shown) => {
    const gw = fakeGateway({ role: 'anonymous', sso });
    vi.stubGlobal('fetch', gw.fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/mieter' });
    await screen.findByLabelText('Benutzername');
    await waitFor(() => expect(gw.state.calls.some((c) => c.url.endsWith('/api/auth/sso'))).toBe(true));
    if (shown) {
      const button = await screen.findByRole('link', { name: 'Mit Single Sign-on anmelden' });
      // back to where the visitor wanted to go
      expect(button.getAttribute('href')).toBe('/api/auth/sso/login?return=/admin/mieter');
    } else {
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByText('Mit Single Sign-on anmelden')).toBeNull();
    }
  });

  it('returns to the overview when started from the sign-in page', async () => {
    vi.stubGlobal('fetch', fakeGateway({ role: 'anonymous', sso: true }).fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/login' });
    const button = await screen.findByRole('link', { name: 'Mit Single Sign-on anmelden' });
    expect(button.getAttribute('href')).toBe('/api/auth/sso/login?return=/admin/overview');
  });

  it('says so when single sign-on failed', async () => {
    vi.stubGlobal('fetch', fakeGateway({ role: 'anonymous', sso: true }).fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/login?error=sso' });
    expect((await screen.findByRole('alert')).textContent).toBe('Die Anmeldung über Single Sign-on ist fehlgeschlagen.');
  });

  it('shows no failure without error=sso', async () => {
    vi.stubGlobal('fetch', fakeGateway({ role: 'anonymous', sso: true }).fetchFn);
    renderWithProviders(<AdminRoutes />, { showWarnings: false, path: '/admin/login?error=other' });
    await screen.findByRole('link', { name: 'Mit Single Sign-on anmelden' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
