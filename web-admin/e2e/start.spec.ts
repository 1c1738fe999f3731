import { expect, test } from '@playwright/test';
import { apartmentFor, bookAndConfirm, graphqlRaw, newPerson } from './support/api';
import { signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 19.

test('the start page shows a confirmed booking waiting for its identity approval, counts it as held and links to the renter', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 19);
  const person = newPerson('Wartend');
  const booked = await bookAndConfirm(request, apartment, person);
  await signIn(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Was wartet' })).toBeVisible();
  const item = page.getByRole('link').filter({ hasText: `${person.firstName} ${person.lastName}` });
  await expect(item).toContainText('Freischaltung offen');
  await expect(item).toContainText(apartment.name);
  // The confirmed booking holds its apartment: the bookable semester's occupancy counts it.
  const held = page.getByRole('table', { name: 'Belegung je Semester' }).getByRole('row', { name: booked.semester.name }).getByRole('cell').nth(1);
  await expect(held).toHaveText(/^[1-9]\d*$/);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/admin/mieter/${booked.renterId}/info$`));

  const answer = await graphqlRaw(request, '{ officeTasks { kind rentingId } }');
  expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});
