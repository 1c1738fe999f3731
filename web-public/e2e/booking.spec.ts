import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, approveIdentity, uniqueEmail } from './support/api';
import { acceptTermsAndSubmit, book, chooseOnStep1, expectStepsTicked, fillBookingForm, person } from './support/booking';
import { linkFromMail } from './support/mail';

// Slots (index into the demo building's apartments, sorted by id) used by this file: 0, 1, 2.

test('books an apartment from step1 to step5done: e-mail link, identity approval, signing and payment in the sandboxes', async ({
  page,
  request,
}) => {
  // The whole walk with an accessibility check of every page at two widths (about 4 s each): it took
  // 122 s of the default 120 in a fresh-clone run that moved nothing wrong, only slowly.
  test.setTimeout(240_000);
  const apartment = await apartmentFor(request, 0);
  const email = uniqueEmail('full');

  await page.goto('/booking/step1');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your apartment' })).toBeVisible();
  await expectAccessible(page, 'step1');
  // the floor's plan drawing is the one the building file names, and it loads
  const plan = page.getByTestId('floor-plan').getByRole('img');
  await expect(plan).toHaveAttribute('src', '/groundplan/EG.svg');
  await expect.poll(() => plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await chooseOnStep1(page, apartment);
  await expect(page.getByText('Price summary')).toBeVisible();
  await expectAccessible(page, 'step2');

  const rentingId = await book(page, apartment, person(email));
  await expectAccessible(page, 'step2done');

  // The confirmation mail links to step3, whose button opens the gateway's verify link in a new tab.
  await page.goto(await linkFromMail(request, email, '/booking/step3'));
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await expectAccessible(page, 'step3');
  const [confirmed] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Confirm e-mail' }).click(),
  ]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done\?rentingId=/);
  await expect(confirmed.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
  await expectAccessible(confirmed, 'step3done');
  await confirmed.close();

  // An administrator approves the identity card; the contract is mailed with a link to step4.
  await approveIdentity(rentingId);
  await page.goto(await linkFromMail(request, email, '/booking/step4'));
  await expect(page.getByRole('heading', { name: 'Sign your rental contract' })).toBeVisible();
  await expectAccessible(page, 'step4');
  await page.getByRole('link', { name: 'Sign contract' }).click();

  // The signing sandbox.
  await expect(page.getByRole('heading', { name: /Sign the rental contract/ })).toBeVisible();
  await page.getByLabel(/Your full name/).fill('Erika Mustermann');
  await page.getByRole('checkbox', { name: /I have read the rental contract/ }).check();
  await page.getByRole('button', { name: /Sign/ }).click();
  await expect(page).toHaveURL(/\/booking\/step4done\?rentingId=/);
  await expect(page.getByRole('heading', { name: 'Contract signed' })).toBeVisible();
  await expectAccessible(page, 'step4done');

  // The payment link comes by mail once the contract is signed: step5, then the payment sandbox.
  await page.goto(await linkFromMail(request, email, '/booking/step5'));
  await expect(page.getByRole('heading', { name: 'Pay your rent' })).toBeVisible();
  await expectAccessible(page, 'step5');
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /Pay/ }).click();

  await expect(page).toHaveURL(/\/booking\/step5done\?rentingId=/);
  await expect(page.getByRole('heading', { name: 'Welcome to your new home!' })).toBeVisible();
  await expectStepsTicked(page, 5);
  await expectAccessible(page, 'step5done');
});

test('somebody was faster: the second renter to confirm sees the failure heading on step1 and chooses another apartment', async ({
  page,
  browser,
  request,
}) => {
  const wanted = await apartmentFor(request, 1);
  const other = await apartmentFor(request, 2);
  const first = uniqueEmail('first');
  const second = uniqueEmail('second');

  // Both book the same apartment; the second one directly on its step2 (step1 may show it as booked).
  await book(page, wanted, person(first));
  const secondContext = await browser.newContext();
  const secondPage = await secondContext.newPage();
  await secondPage.goto(`/booking/step2?apartment-id=${wanted.id}`);
  await fillBookingForm(secondPage, person(second));
  await acceptTermsAndSubmit(secondPage);
  await expect(secondPage).toHaveURL(/\/booking\/step2done\?rentingId=/);

  // The first renter confirms first and gets the apartment.
  await page.goto(await linkFromMail(request, first, '/booking/step3'));
  const [confirmed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Confirm e-mail' }).click()]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done/);

  // The second renter's confirmation ends on step1 with the failure heading and the renting kept.
  await secondPage.goto(await linkFromMail(request, second, '/booking/step3'));
  const [failed] = await Promise.all([
    secondPage.waitForEvent('popup'),
    secondPage.getByRole('link', { name: 'Confirm e-mail' }).click(),
  ]);
  await expect(failed).toHaveURL(/\/booking\/step1\?booking=failed&rentingId=/);
  await expect(failed.getByRole('heading', { name: 'Ouch! Somebody was faster than you' })).toBeVisible();
  await expectAccessible(failed, 'step1 after a failed booking');

  // Reselection: choosing a free apartment moves the renting there and confirms it.
  for (let i = 0; i < other.floorIndex; i++) await failed.getByRole('button', { name: 'Next floor up' }).click();
  await failed.getByTestId(`apartment-${other.id}`).getByRole('button', { name: 'Choose' }).click();
  await expect(failed).toHaveURL(/\/booking\/step3done\?rentingId=/);
  await expect(failed.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
  await secondContext.close();

  // Both apartments are taken now.
  await page.goto('/booking/step1');
  for (const a of [wanted, other]) {
    if (a.floorIndex !== 0) continue;
    await expect(page.getByTestId(`apartment-${a.id}`)).toContainText('Booked');
  }
});
