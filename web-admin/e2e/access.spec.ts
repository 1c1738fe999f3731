import { expect, test } from '@playwright/test';
import { apartmentFor, bookAndConfirm, graphqlRaw, newPerson } from './support/api';
import { signInWithForm } from './support/admin';

// This file's apartments, counted from the end of the demo building: 1.

test('anonymous visitors see the sign-in page and never any renter data', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 1);
  const person = newPerson('Anonym');
  const booked = await bookAndConfirm(request, apartment, person);

  const graphqlAnswers: string[] = [];
  page.on('response', async (res) => {
    if (res.url().includes('/api/graphql')) graphqlAnswers.push(await res.text());
  });

  for (const path of ['/admin/overview', '/admin/mieter', `/admin/mieter/${booked.renterId}/info`, '/admin/verwalten/apartments']) {
    await page.goto(path);
    await expect(page.getByText('Kein Zugriff')).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(person.lastName);
    expect(text).not.toContain(person.email);
  }
  // the app asks nothing of the API before sign-in
  for (const answer of graphqlAnswers) {
    expect(answer).not.toContain(person.lastName);
    expect(answer).not.toContain(person.email);
  }

  // The API itself refuses the admin queries without a session.
  const refused = [
    ['{ rentersByLetter { letter renters { id lastName email } } }', {}],
    ['query R($id: Int!) { renter(id: $id) { id lastName email phone } }', { id: booked.renterId }],
    ['query R($id: Int!) { renterWithDocument(id: $id) { id lastName documents { link } } }', { id: booked.renterId }],
    ['query P($s: Int!) { apartmentsPage(semesterId: $s) { floors { apartments { adminStatus renter { lastName } } } } }', { s: booked.semester.id }],
    ['query E($id: Int!) { renterForEdit(renterId: $id) { lastName email } }', { id: booked.renterId }],
  ] as const;
  for (const [query, variables] of refused) {
    const answer = await graphqlRaw<unknown>(page.request, query, variables);
    expect(answer.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    expect(JSON.stringify(answer.data ?? null)).not.toContain(person.lastName);
  }
  const mutation = await graphqlRaw<unknown>(page.request, 'mutation A($r: ID!) { approveIdentityCard(rentingId: $r) }', { r: booked.rentingId });
  expect(mutation.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  for (const side of ['front', 'back']) {
    const res = await page.request.get(`/api/renter/${booked.renterId}/identity/${side}`);
    expect([401, 403]).toContain(res.status());
  }
});

test('signs in with the form, refuses a wrong password in German and signs out again', async ({ page }) => {
  await page.goto('/admin/overview');
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill('falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Benutzername oder Passwort ist falsch.');

  await signInWithForm(page);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Kein Zugriff')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Benutzername')).toBeVisible();
  expect(await (await page.request.get('/api/whoami')).text()).toBe('anonymous');
});

test('offers single sign-on only when the gateway has it, and reports a failed one', async ({ page }) => {
  const res = await page.request.get('/api/auth/sso');
  const enabled = res.ok() ? ((await res.json()) as { enabled?: boolean }).enabled === true : false;
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/sso');
  await page.goto('/admin/login?error=sso');
  await asked;
  await expect(page.getByLabel('Benutzername')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Die Anmeldung über Single Sign-on ist fehlgeschlagen.');
  const button = page.getByRole('link', { name: 'Mit Single Sign-on anmelden' });
  if (enabled) {
    await expect(button).toHaveAttribute('href', '/api/auth/sso/login?return=/admin/overview');
  } else {
    // the local stack has no OpenID provider configured: the form alone
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect(button).toHaveCount(0);
  }
});
