import { expect, test, type Locator } from '@playwright/test';
import { apartmentFor, bookAndConfirm, newPerson } from './support/api';
import { chooseSemester, signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 18.

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar folds behind a menu button and nothing is cut off', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/overview');
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Mieter' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Menü' }).click();
    await expect(nav.getByRole('link', { name: 'Mieter' })).toBeInViewport();
    await nav.getByRole('link', { name: 'Semester', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Semester' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mieter' })).not.toBeInViewport();
    // the page is not wider than the phone
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(390);
  });
});

test('the renter list finds a renter by name, e-mail or apartment; on a phone a long name wraps in the list and the overview', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 18);
  const base = newPerson('Gesucht');
  // one word longer than a phone is wide
  const person = { ...base, lastName: `Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft-${base.lastName.replace(' ', '-')}` };
  const booked = await bookAndConfirm(request, apartment, person);
  await signIn(page);
  await page.goto('/admin/mieter');
  const list = page.getByRole('complementary', { name: 'Mieterliste' });
  const search = page.getByLabel('Mieter suchen');
  for (const text of [person.lastName, person.email, `${person.firstName.toLowerCase()} ${person.lastName.toUpperCase()}`, `${apartment.name} ${person.lastName}`]) {
    await search.fill(text);
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(list.getByRole('link')).toContainText(`${person.firstName} ${person.lastName}`);
  }
  await search.fill('niemand-heisst-so');
  await expect(list).toContainText('Kein Mieter gefunden.');

  // On a phone the long name wraps inside the list's entry and the overview's card; the page is no
  // wider than the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = async (box: Locator) => {
    await expect(box).toBeVisible();
    const { scroll, client } = await box.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(scroll, 'the content is no wider than its box').toBeLessThanOrEqual(client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };
  await search.fill(person.email);
  await fits(list.getByRole('link'));
  await page.goto('/admin/overview');
  await chooseSemester(page, booked.semester);
  await expect(page.getByTestId(`apartment-${apartment.id}`)).toContainText(person.lastName);
  await fits(page.getByTestId(`apartment-${apartment.id}`));
});

test('the apartments editor says at the field that "abc" is no rent and keeps its save bar in view', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/verwalten/apartments');
  const rents = page.getByLabel(/^Miete /);
  await expect(rents.first()).toBeVisible();
  const last = rents.last();
  const name = ((await last.getAttribute('aria-label')) ?? '').replace(/^Miete /, '');
  await last.scrollIntoViewIfNeeded();
  await last.fill('abc');
  await expect(page.getByLabel(`Miete ${name}: Bitte einen Betrag in Euro eingeben, z. B. 495,00.`)).toBeVisible();
  const bar = page.getByRole('toolbar', { name: 'Änderungen speichern' });
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('Bitte die markierten Angaben korrigieren.');
  await expect(bar.getByRole('button', { name: 'Speichern' })).toBeDisabled();
});
