/** The gateway's sign-in endpoints (not GraphQL). */

export type Role = 'admin' | 'anonymous' | string;

export type LoginResult = { ok: true } | { ok: false; message: string };

export async function fetchRole(): Promise<Role> {
  const res = await fetch('/api/whoami', { credentials: 'same-origin', headers: { Accept: 'text/plain' } });
  if (!res.ok) throw new Error(`whoami: status ${res.status}`);
  return (await res.text()).trim();
}

export async function login(username: string, password: string): Promise<LoginResult> {
  let res: Response;
  try {
    res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  } catch {
    return { ok: false, message: 'Der Server ist nicht erreichbar. Bitte später erneut versuchen.' };
  }
  if (res.ok) return { ok: true };
  if (res.status === 401) return { ok: false, message: 'Benutzername oder Passwort ist falsch.' };
  if (res.status === 429) {
    const wait = Number(res.headers.get('Retry-After'));
    const later = Number.isFinite(wait) && wait > 0 ? `in ${wait} Sekunden` : 'später';
    return { ok: false, message: `Zu viele Versuche. Bitte ${later} erneut versuchen.` };
  }
  return { ok: false, message: `Anmeldung fehlgeschlagen (Status ${res.status}).` };
}

export async function logout(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
}

/**
 * Whether the gateway offers single sign-on (OpenID Connect): GET /api/auth/sso answers {"enabled": true}.
 * Anything else (a gateway without the endpoint answers 404, a network failure) counts as disabled.
 */
export async function fetchSsoEnabled(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/sso', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return false;
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null && (body as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}

/** Where the browser starts single sign-on; the gateway comes back to returnPath signed in, or to /admin/login?error=sso. */
export function ssoLoginUrl(returnPath: string): string {
  return `/api/auth/sso/login?return=${encodeURIComponent(returnPath).replaceAll('%2F', '/')}`;
}
