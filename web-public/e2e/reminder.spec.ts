import { expect, test } from '@playwright/test';
import { apartmentFor, approveIdentity, offerRenewal, uniqueEmail } from './support/api';
import { book, person } from './support/booking';
import { mailWithLink } from './support/mail';

// Slots used by this file: 21 (booked through the site and paid, then offered a renewal).
//
// Reminders (docs/booking.md, "Reminders"): a renter who has not taken the next step in time gets one
// reminder, in their language, with the link to that step. tools/e2e/run.sh starts the system with
// short reminder times (EMAIL_REMINDER_AFTER, CONTRACT_REMINDER_AFTER, PAYMENT_REMINDER_AFTER,
// RENEWAL_REMINDER_AFTER: 20 s) and the renewal reminder's window open for a year before the deadline
// (RENEWAL_REMINDER_DAYS), so that a renewal offered now is reminded too; the renting job runs every
// minute, so a reminder comes within 80 s.

test.describe.configure({ timeout: 600_000 });

/** Waits for the reminder: its delay and the job's next run. */
const reminder = (subject: string) => ({ subject, timeout: 120_000 });

test('reminders: the e-mail, contract, payment and renewal reminders lead to step3, step4, step5 and the renewal, and each step works from them', async ({
  page,
  request,
}) => {
  const apartment = await apartmentFor(request, 21);
  const email = uniqueEmail('remind');
  await book(page, apartment, person(email));

  // The confirmation reminder carries a confirmation link of its own; it confirms the e-mail.
  const first = await mailWithLink(request, email, '/booking/step3', { subject: 'Please confirm your e-mail address' });
  const confirmReminder = await mailWithLink(request, email, '/booking/step3', reminder('Reminder: please confirm your e-mail address'));
  expect(confirmReminder.link).not.toBe(first.link);
  expect(confirmReminder.mail.text).toContain(`Apartment: ${apartment.name}`);
  await page.goto(confirmReminder.link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  const [confirmed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Confirm e-mail' }).click()]);
  await expect(confirmed).toHaveURL(/\/booking\/step3done\?rentingId=/);
  const rentingId = new URL(confirmed.url()).searchParams.get('rentingId')!;
  await confirmed.close();

  // The contract waits for the signature: the reminder leads to step4, where the renter signs.
  await approveIdentity(rentingId);
  const signReminder = await mailWithLink(request, email, '/booking/step4', reminder('Reminder: please sign your rental contract'));
  expect(signReminder.link).toBe(`/booking/step4?rentingId=${rentingId}`);
  await page.goto(signReminder.link);
  await expect(page.getByRole('heading', { name: 'Sign your rental contract' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign contract' }).click();
  await page.getByLabel(/Your full name/).fill('Erika Mustermann');
  await page.getByRole('checkbox', { name: /I have read the rental contract/ }).check();
  await page.getByRole('button', { name: /Sign/ }).click();
  await expect(page).toHaveURL(/\/booking\/step4done\?rentingId=/);

  // The rent waits for the payment: the reminder states the amount and leads to step5.
  const payReminder = await mailWithLink(request, email, '/booking/step5', reminder('Reminder: please pay the rent for the semester'));
  expect(payReminder.link).toBe(`/booking/step5?rentingId=${rentingId}`);
  expect(payReminder.mail.text).toMatch(/the rent for the semester, €[\d,]+\.\d{2}, is still unpaid/);
  await page.goto(payReminder.link);
  await expect(page.getByRole('heading', { name: 'Pay your rent' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/booking\/step5done\?rentingId=/);

  // The renewal waits for an answer: its reminder carries a renewal link of its own, which opens the
  // offer and answers it (the first mail's link would too: renewal.spec.ts).
  await offerRenewal(rentingId);
  const offered = await mailWithLink(request, email, '/booking/extend');
  const renewalReminder = await mailWithLink(request, email, '/booking/extend', reminder('Reminder: would you like to stay another semester?'));
  expect(renewalReminder.link).toMatch(/^\/booking\/extend\?rentingId=[\w-]+&token=[\w-]{43}$/);
  expect(renewalReminder.link).not.toBe(offered.link);
  expect(renewalReminder.mail.text).toContain(`Apartment: ${apartment.name}`);
  await page.goto(renewalReminder.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Extend your stay' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/booking\/renewal-declined$/);
  await expect(page.getByRole('heading', { name: 'Renewal declined' })).toBeVisible();
});
