import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor } from './support/api';

// Slots used by this file: 5 (only looked at, never booked).

for (const path of ['/', '/booking', '/booking/nowhere', '/somewhere/else?x=1', '/booking/step9']) {
  test(`${path} goes to step1`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/booking\/step1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your apartment' })).toBeVisible();
  });
}

test('step2 without apartment-id says so', async ({ page }) => {
  await page.goto('/booking/step2');
  await expect(page.getByText('Missing apartment-id query param in url')).toBeVisible();
});

test('step2 with the renter parameter offers the renewal of that renting instead of the booking form', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 5);
  await page.goto(`/booking/step2?apartment-id=${apartment.id}&renter=abc-123`);
  await expect(page.getByRole('heading', { level: 1, name: `Apartment ${apartment.name}` })).toBeVisible();
  await expect(page.getByText('Price summary')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your details' })).toHaveCount(0);
  await expectAccessible(page, 'step2 with the extend flag');
  await page.getByRole('link', { name: 'Extend your stay' }).click();
  await expect(page).toHaveURL(/\/booking\/extend\?rentingId=abc-123$/);
});

test('extend without rentingId says so; extend of a renting without a renewal token says the link is not valid', async ({ page }) => {
  await page.goto('/booking/extend');
  await expect(page.getByText('Missing renting-id query param in url')).toBeVisible();
  await page.goto('/booking/extend?rentingId=00000000-0000-0000-0000-000000000000&token=abc');
  await expect(page.getByText('This renewal link is not valid. Please open the link from your renewal e-mail.')).toBeVisible();
  await expectAccessible(page, 'extend');
});

test('the info pages: success, renewal-accepted and renewal-declined', async ({ page }) => {
  await page.goto('/booking/success');
  await expect(page.getByText('Booking was successful!')).toBeVisible();
  await expectAccessible(page, 'success');
  await page.goto('/booking/renewal-accepted');
  await expect(page.getByRole('heading', { name: 'Renewal accepted' })).toBeVisible();
  await expectAccessible(page, 'renewal-accepted');
  await page.goto('/booking/renewal-declined');
  await expect(page.getByRole('heading', { name: 'Renewal declined' })).toBeVisible();
  await expect(page.getByText(/move out at the end of the semester/)).toBeVisible();
  await expectAccessible(page, 'renewal-declined');
});
