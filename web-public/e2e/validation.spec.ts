import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, uniqueEmail } from './support/api';
import { acceptTermsAndSubmit, errorOf, field, fillBookingForm, person, showBookingForm, tick, upload } from './support/booking';
import { png } from './support/files';

// Slots used by this file: 3 (nothing is ever booked: every submit here is refused).

const MISSING = 'Please fill in this field';
const REQUIRED_LABELS = [
  'First name',
  'Last name',
  /^Street and house number/,
  'Postal code',
  'City',
  'Birthday',
  'Mobile',
  'E-mail',
  'Confirm e-mail',
];
/** The upload slots name the missing document (SPEC section 8). */
const MISSING_FILES: [string, string][] = [
  ['Identity card (front)', 'Missing identity card (front)'],
  ['Identity card (back)', 'Missing identity card (back)'],
  ['Certificate of enrollment', 'Missing CertificateOfEnrollment'],
];

test.beforeEach(async ({ page, request }) => {
  const apartment = await apartmentFor(request, 3);
  await page.goto(`/booking/step2?apartment-id=${apartment.id}`);
  await showBookingForm(page);
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
});

test('submit stays disabled until the terms of use and the privacy disclaimer are both ticked', async ({ page }) => {
  const submit = page.getByRole('button', { name: 'Book apartment' });
  await expect(submit).toBeDisabled();
  await tick(page.getByRole('checkbox', { name: 'I accept the terms of use' }));
  await expect(submit).toBeDisabled();
  await tick(page.getByRole('checkbox', { name: 'I have read the privacy disclaimer' }));
  await expect(submit).toBeEnabled();
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).uncheck();
  await expect(submit).toBeDisabled();
});

test('errors show only after the first submit: every required field, then live on every change', async ({ page }) => {
  // Before the first submit, a wrong value shows nothing.
  await page.getByLabel('E-mail', { exact: true }).fill('no-at-sign');
  await page.getByLabel('First name', { exact: true }).click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await page.getByLabel('E-mail', { exact: true }).fill('');

  await acceptTermsAndSubmit(page);
  for (const label of REQUIRED_LABELS) await expect(errorOf(page, label), String(label)).toHaveText(MISSING);
  for (const [label, text] of MISSING_FILES) await expect(errorOf(page, label), label).toHaveText(text);
  // The defaults (gender, nationality, country) are set, so they are not missing.
  await expect(errorOf(page, 'Gender')).toHaveCount(0);
  await expect(errorOf(page, 'Nationality')).toHaveCount(0);
  await expect(errorOf(page, 'Country')).toHaveCount(0);
  await expect(page).toHaveURL(/\/booking\/step2\?/);
  await expectAccessible(page, 'step2 with every error shown');

  // After the first attempt every change validates at once.
  await page.getByLabel('First name', { exact: true }).fill('Erika');
  await expect(errorOf(page, 'First name')).toHaveCount(0);
  await page.getByLabel('First name', { exact: true }).fill('');
  await expect(errorOf(page, 'First name')).toHaveText(MISSING);
});

test('e-mail needs an @, the confirmation must match, the birthday must be a real day as DD.MM.YYYY or YYYY-MM-DD', async ({
  page,
}) => {
  await acceptTermsAndSubmit(page);
  const email = page.getByLabel('E-mail', { exact: true });
  const confirm = page.getByLabel('Confirm e-mail', { exact: true });
  const birthday = page.getByLabel('Birthday', { exact: true });

  await email.fill('erika.example.org');
  await expect(errorOf(page, 'E-mail')).toHaveText('This value is invalid');
  await email.fill('erika@example.org');
  await expect(errorOf(page, 'E-mail')).toHaveCount(0);

  await confirm.fill('erika@example.com');
  await expect(errorOf(page, 'Confirm e-mail')).toHaveText('The e-mail addresses do not match');
  await confirm.fill('erika@example.org');
  await expect(errorOf(page, 'Confirm e-mail')).toHaveCount(0);
  // Changing the e-mail re-checks the confirmation.
  await email.fill('erika@example.net');
  await expect(errorOf(page, 'Confirm e-mail')).toHaveText('The e-mail addresses do not match');

  await expect(birthday).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  for (const wrong of ['17/05/2004', '31.02.2004', '2004-13-01', 'yesterday']) {
    await birthday.fill(wrong);
    await expect(errorOf(page, 'Birthday'), wrong).toHaveText('This value is invalid');
  }
  for (const right of ['17.05.2004', '2004-05-17']) {
    await birthday.fill(right);
    await expect(errorOf(page, 'Birthday'), right).toHaveCount(0);
  }
});

test('identity cards take png or jpeg, the enrollment certificate also pdf; one file per slot', async ({ page }) => {
  const front = field(page, 'Identity card (front)');
  const certificate = field(page, 'Certificate of enrollment');
  await expect(front.locator('input[type=file]')).toHaveAttribute('accept', /image\/png.*image\/jpeg/);
  await expect(front.locator('input[type=file]')).not.toHaveAttribute('accept', /pdf/);
  await expect(certificate.locator('input[type=file]')).toHaveAttribute('accept', /application\/pdf/);

  await acceptTermsAndSubmit(page);
  const pdf = { name: 'ausweis.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
  await upload(page, 'Identity card (front)', pdf);
  await expect(errorOf(page, 'Identity card (front)')).toHaveText('This file type is not accepted');
  await upload(page, 'Identity card (front)', { name: 'ausweis.jpg', mimeType: 'image/jpeg', buffer: png(800, 500) });
  await expect(errorOf(page, 'Identity card (front)')).toHaveCount(0);
  // One file per slot: the second choice replaces the first.
  await expect(front.locator('.ant-upload-list-item')).toHaveCount(1);

  await upload(page, 'Certificate of enrollment', pdf);
  await expect(errorOf(page, 'Certificate of enrollment')).toHaveCount(0);
  await upload(page, 'Certificate of enrollment', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(errorOf(page, 'Certificate of enrollment')).toHaveText('This file type is not accepted');
});

test("the server's checks come back translated with their bounds: picture size and minimum age", async ({ page }) => {
  await fillBookingForm(page, person(uniqueEmail('server-rules')));
  await upload(page, 'Identity card (front)', { name: 'klein.png', mimeType: 'image/png', buffer: png(300, 200) });
  await acceptTermsAndSubmit(page);
  await expect(page.getByRole('alert')).toContainText(
    /error occurred: The picture must be between 600 x 400 and 10000 x 10000 pixels/,
  );
  await expect(page).toHaveURL(/\/booking\/step2\?/);

  await upload(page, 'Identity card (front)', { name: 'gross.png', mimeType: 'image/png', buffer: png(800, 500) });
  await page.getByLabel('Birthday', { exact: true }).fill('2020-01-01');
  await page.getByRole('button', { name: 'Book apartment' }).click();
  await expect(page.getByRole('alert')).toContainText('error occurred: You must be at least 17 years old');
  await expect(page).toHaveURL(/\/booking\/step2\?/);
});
