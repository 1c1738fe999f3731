import { expect, test } from '@playwright/test';
import { apartmentFor, apartments, asAdmin, bookAndConfirm, graphql, type Person } from './support/api';
import { chooseSemester, signIn } from './support/admin';

// `npm run screenshots` (SCREENSHOTS=1): the back office's pictures under docs/screenshots, taken from
// a running system with a few bookings in different states. Not part of `make test`.
// Apartments, counted from the end of the demo building: 11 to 14.

const out = (name: string) => new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname;
const unique = Date.now().toString(36);
const person = (firstName: string, lastName: string, phone: string): Person => ({
  firstName,
  lastName,
  email: `${firstName}.${lastName}.${unique}@example.org`.toLowerCase(),
  phone,
});

test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });

test('back office screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  const [a, b, c, d] = [await apartmentFor(request, 11), await apartmentFor(request, 12), await apartmentFor(request, 13), await apartmentFor(request, 14)];
  const approved = await bookAndConfirm(request, a, person('Lena', 'Fischer', '+49 170 5550123'));
  await bookAndConfirm(request, b, person('Jonas', 'Weber', '+49 151 2345678'));
  await bookAndConfirm(request, c, person('Aylin', 'Demir', '+49 160 9876543'));
  await bookAndConfirm(request, d, person('Paul', 'Schneider', '+49 176 1112223'), { confirm: false });
  await asAdmin(async (admin) => {
    await graphql(admin, 'mutation A($r: ID!) { approveIdentityCard(rentingId: $r) }', { r: approved.rentingId });
    await graphql(admin, 'mutation U($u: RenterUpdate!) { updateRenter(update: $u) { exception { messageId } } }', {
      u: { id: approved.renterId, firstName: 'Lena', lastName: 'Fischer', phone: '+49 170 5550124', notes: 'Schlüsselübergabe am 1. April, 10 Uhr.' },
    });
  });

  await signIn(page);
  await page.goto('/admin/overview');
  await chooseSemester(page, approved.semester);
  await expect(page.getByTestId(`apartment-${a.id}`)).toContainText('Lena Fischer');
  await expect(page.getByTestId(`apartment-${d.id}`)).toContainText('Angefragt');
  await page.screenshot({ path: out('admin-overview.png'), fullPage: true });

  await page.goto(`/admin/mieter/${approved.renterId}/info`);
  await expect(page.getByTestId('milestone-Freischaltung')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('audit-log').locator('tbody tr')).toHaveCount(2);
  await page.screenshot({ path: out('admin-renter.png'), fullPage: true });

  // the editor with an unsaved change of the first apartment's rent (nothing is saved)
  const [first] = await apartments(request);
  await page.goto('/admin/verwalten/apartments');
  const rent = page.getByLabel(`Miete ${first.name}`, { exact: true });
  await expect(rent).toBeVisible();
  await rent.fill('495,00');
  await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: out('admin-apartments.png') });
});
