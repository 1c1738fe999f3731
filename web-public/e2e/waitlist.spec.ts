import { expect, test } from '@playwright/test';
import { emptyHouse, fillHouse, unblock, type FullHouse } from '../../tools/e2e/support/waitlist';
import { expectAccessible } from './support/a11y';
import { graphql, uniqueEmail, withAdmin } from './support/api';
import { linkFromMail } from './support/mail';

// Runs after every other test (the "waitlist" project): it fills the house and empties it again.

let house: FullHouse | undefined;

test.afterEach(async () => {
  const filled = house;
  if (!filled) return;
  await withAdmin((admin) => emptyHouse(admin, filled));
});

test('a full house offers the waitlist; the first in line gets the freed apartment\'s offer, which leads to its booking', async ({ page, request }) => {
  house = await withAdmin(fillHouse);
  expect(house.blocked.length, 'apartments free before the house was filled').toBeGreaterThan(0);

  await page.goto('/booking/step1');
  await expect(page.getByRole('heading', { name: 'All apartments are taken: join the waitlist' })).toBeVisible();
  await expectAccessible(page, 'step1 with the waitlist');
  const email = uniqueEmail('waitlist');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Your name').fill('Lea Wagner');
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText(`If ${email} is not on the waitlist yet, we have sent a confirmation link to it`)).toBeVisible();

  await page.goto(await linkFromMail(request, email, '/booking/waitlist-confirm'));
  await expect(page.getByRole('heading', { name: 'Confirm your place on the waitlist' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my place' }).click();
  await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible();

  // an administrator lifts a block: the apartment goes to the first in line, and is held for them
  const freed = house.blocked[0];
  await withAdmin((admin) => unblock(admin, house!, freed));
  const offer = await linkFromMail(request, email, '/booking/step2');
  expect(offer).toContain(`apartment-id=${freed}`);
  const { availableApartments } = await graphql<{ availableApartments: { apartmentBookable: { apartmentId: number; free: boolean }[] } }>(
    request,
    '{ availableApartments { apartmentBookable { apartmentId free } } }',
  );
  expect(availableApartments.apartmentBookable.find((a) => a.apartmentId === freed)?.free, 'the offered apartment is free for others').toBe(false);

  await page.goto(offer);
  await expect(page.getByTestId('offer-notice')).toBeVisible();
  await expect(page.getByText('This apartment is already booked')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book now' })).toBeVisible();
});
