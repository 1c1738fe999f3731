import { expect, test } from '@playwright/test';
import { signAndPay } from '../../tools/e2e/support/payment';
import { apartmentFor, asAdmin, bookAndConfirm, graphql, linkFromMail, newPerson } from './support/api';
import { signIn } from './support/admin';

// This file's apartment, counted from the end of the demo building: 20.

test.describe.configure({ timeout: 240_000 });

test('offers a renewal from the booking block and accepts it for the renter: deadline, answer and Protokoll', async ({ browser, page, request }) => {
  const apartment = await apartmentFor(request, 20);
  const booked = await bookAndConfirm(request, apartment, newPerson('Verlaengerung'));
  await asAdmin((admin) =>
    graphql(admin, 'mutation Approve($r: ID!) { approveIdentityCard(rentingId: $r) }', { r: booked.rentingId }),
  );
  // the renter signs and pays on the English site, in a browser of their own
  const renter = await browser.newContext({ locale: 'en-US' });
  const { firstName, lastName, email } = booked.person;
  await signAndPay(await renter.newPage(), `${firstName} ${lastName}`, (path) => linkFromMail(request, email, path));
  await renter.close();

  await signIn(page);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  const paid = page.getByTestId(`booking-${booked.rentingId}`);
  await expect(paid).toContainText('Bezahlt');
  await paid.getByRole('button', { name: 'Verlängerung anbieten' }).click();

  // the offered renewal is a booking block of its own, with its deadline and no answer yet
  const renewal = page.getByTestId(/^renewal-/);
  await expect(renewal).toHaveText(/^Verlängerung: Antwort bis \d{2}\.\d{2}\.\d{2} – offen/);
  await renewal.getByRole('button', { name: 'Verlängerung annehmen' }).click();
  await expect(renewal).toContainText('– angenommen');
  await expect(renewal.getByRole('button')).toHaveCount(0);

  // it stays so after a reload, and the Protokoll names both steps and who took them
  await page.reload();
  await expect(page.getByTestId(/^renewal-/)).toContainText('– angenommen');
  const log = page.getByTestId('audit-log');
  for (const action of ['Verlängerung angeboten', 'Verlängerung für den Mieter angenommen']) {
    const row = log.locator('tbody tr').filter({ hasText: action });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText('admin');
  }
});
