import { expect, test } from '@playwright/test';
import { emptyHouse, fillHouse, type FullHouse } from '../../tools/e2e/support/waitlist';
import { confirmPopup, signIn } from './support/admin';
import { graphql, linkFromMail, newPerson, withAdmin } from './support/api';

// Runs after every other test (the "waitlist" project): it fills the house and empties it again.

let house: FullHouse | undefined;

test.afterEach(async () => {
  const filled = house;
  if (!filled) return;
  await withAdmin((admin) => emptyHouse(admin, filled));
});

test('the office sees the waitlist in its order with each entry\'s state and removes an entry', async ({ page, request }) => {
  const filled = await withAdmin(fillHouse);
  house = filled;
  const person = newPerson('Warteliste');
  const name = `${person.firstName} ${person.lastName}`;
  const joined = await graphql<{ joinWaitlist: { exception: unknown } }>(
    request,
    'mutation J($join: JoinWaitlist!) { joinWaitlist(join: $join) { exception { messageId } } }',
    { join: { semesterId: filled.semesterId, email: person.email, name, language: 'de', minSize: 24 } },
  );
  expect(joined.joinWaitlist.exception).toBeNull();
  const token = new URLSearchParams((await linkFromMail(request, person.email, '/booking/waitlist-confirm')).split('?')[1]).get('token');
  const confirmed = await graphql<{ confirmWaitlistEntry: { exception: unknown } }>(
    request,
    'mutation C($token: String!) { confirmWaitlistEntry(token: $token) { exception { messageId } } }',
    { token },
  );
  expect(confirmed.confirmWaitlistEntry.exception).toBeNull();

  await signIn(page);
  await page.goto('/admin/verwalten/warteliste');
  await expect(page.getByRole('heading', { name: 'Warteliste' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(person.email);
  await expect(row).toContainText('ab 24 m²');
  await expect(row).toContainText('Wartet');

  await row.getByRole('button', { name: /entfernen$/ }).click();
  await confirmPopup(page, 'Entfernen');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
