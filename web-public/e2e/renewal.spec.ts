import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apartmentFor, graphql, offerRenewal, uniqueEmail, type Apartment } from './support/api';
import { tick, upload } from './support/booking';
import { certificate } from './support/files';
import { linkFromMail } from './support/mail';
import { bookAndPay } from './support/payed';

// Slots used by this file: 16 (accept) and 17 (decline).
//
// A renewal is opened for a PAYED renting: booked and paid through the site as in booking.spec.ts, then
// an administrator offers the renewal now (offerRenewal, as the renewal window of the next semester
// would). The renewal mail links to /booking/extend?rentingId=…&token=… (SPEC section 2; the token is
// the link's capability, docs/security.md), where the renter accepts with the renewal form (section 5:
// data pre-filled, e-mail read-only, a new enrollment certificate required, the disclaimer ticked) or
// declines after a confirmation. Without the mail's token the renting id opens and declines nothing.

test.describe.configure({ timeout: 180_000 });

/** A paid renting with an open renewal; returns the renewal mail's extend link. */
async function openRenewal(page: Page, request: APIRequestContext, apartment: Apartment, email: string): Promise<string> {
  const rentingId = await bookAndPay(page, request, apartment, email);
  await offerRenewal(rentingId);
  const link = await linkFromMail(request, email, '/booking/extend');
  expect(link).toMatch(/^\/booking\/extend\?rentingId=[\w-]+&token=[\w-]{43}$/);
  return link;
}

/** The extend page of the renewal: the apartment offered for the following semester, the form pre-filled. */
async function expectOffer(page: Page, apartment: Apartment) {
  await expect(page.getByRole('heading', { level: 1, name: 'Extend your stay' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Would you like to stay in apartment ${apartment.name.replace('.', '\\.')} for the semester .+\\?$`))).toBeVisible();
  await expect(page.getByText('Price summary')).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Erika');
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Mustermann');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('readonly', '');
}

test('renewal accept: the renewal mail leads to the extend page; with a new enrollment certificate it ends on renewal-accepted', async ({
  page,
  request,
}) => {
  const apartment = await apartmentFor(request, 16);
  const email = uniqueEmail('renew-accept');
  await page.goto(await openRenewal(page, request, apartment, email));
  await expectOffer(page, apartment);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expectAccessible(page, 'extend');
  // Dates read as dates: the move-in day with its month's name, the birthday as the field takes it,
  // and the read-only e-mail is drawn as such (filled, not framed).
  await expect(page.locator('table.price')).toContainText(/Move-in\s*\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);
  await expect(page.getByLabel('Birthday', { exact: true })).toHaveValue('2004-05-17');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveClass(/ant-input-filled/);
  await page.evaluate(() => window.localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(page.getByLabel('Geburtstag', { exact: true })).toHaveValue('17.05.2004');
  await expect(page.locator('table.price')).toContainText(/Einzug\s*\d{2}\.\d{2}\.\d{4}/);
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await expectOffer(page, apartment);

  const accept = page.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  await tick(page.getByRole('checkbox', { name: 'I confirm that my data is correct' }));
  await expect(accept).toBeEnabled();
  // The enrollment certificate is required for a renewal.
  await accept.click();
  await expect(page.getByText('Missing CertificateOfEnrollment')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/extend\?/);

  await upload(page, 'Certificate of enrollment', certificate());
  await accept.click();
  await expect(page).toHaveURL(/\/booking\/renewal-accepted$/);
  await expect(page.getByRole('heading', { name: 'Renewal accepted' })).toBeVisible();
  await expect(page.getByText('Thank you! You will receive the new rental contract to sign by e-mail.')).toBeVisible();
  await expectAccessible(page, 'renewal-accepted');
});

test('renewal decline: without the mailed token the renting id opens and declines nothing; the mailed link asks for confirmation and ends on renewal-declined', async ({
  page,
  request,
}) => {
  const apartment = await apartmentFor(request, 17);
  const email = uniqueEmail('renew-decline');
  const link = await openRenewal(page, request, apartment, email);
  const rentingId = new URL(link, 'http://localhost').searchParams.get('rentingId')!;

  // An attacker who knows the renting id: the page without the token, with a forged one, and the
  // decline posted straight to the API are all refused.
  await page.goto(`/booking/extend?rentingId=${rentingId}`);
  await expect(page.getByText('This renewal link is not valid. Please open the link from your renewal e-mail.')).toBeVisible();
  await page.goto(`/booking/extend?rentingId=${rentingId}&token=${'A'.repeat(43)}`);
  await expect(page.getByText('This renewal link is not valid. Please open the link from your renewal e-mail.')).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveCount(0);
  const forged = await graphql<{ declineRenewal: { uuid: string | null; exception: { messageId: string } | null } }>(
    request,
    'mutation Decline($id: ID!) { declineRenewal(rentingId: $id, token: "") { uuid exception { messageId } } }',
    { id: rentingId },
  );
  expect(forged.declineRenewal).toEqual({ uuid: null, exception: { messageId: 'RENEWAL_LINK_INVALID' } });

  // Nothing changed: the mailed link still offers the renewal.
  await page.goto(link);
  await expectOffer(page, apartment);

  await page.getByRole('button', { name: 'Decline' }).click();
  const confirmation = page.locator('.ant-popconfirm');
  await expect(confirmation.getByText('Do you really want to decline the renewal and move out at the end of the semester?')).toBeVisible();
  await expectAccessible(page, 'extend with the decline confirmation');
  await confirmation.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(/\/booking\/renewal-declined$/);
  await expect(page.getByRole('heading', { name: 'Renewal declined' })).toBeVisible();
  await expect(page.getByText('You move out at the end of the semester. We will contact you to arrange the handover.')).toBeVisible();
  await expectAccessible(page, 'renewal-declined');
});
