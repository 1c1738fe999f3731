import { expect, test } from '@playwright/test';
import { apartmentFor, bookAndConfirm, graphql, graphqlRaw, linkFromMail, newPerson } from './support/api';
import { confirmPopup, signIn } from './support/admin';

// This file's apartment, counted from the end of the demo building: 12.

test('Löschanträge: the renter asked on their page; executing it erases the renter, who then shows as erased', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 12);
  const booked = await bookAndConfirm(request, apartment, newPerson('Loeschen'));
  const { lastName, firstName, email } = booked.person;
  // the renter asks on their own page, with the link every mail carries
  const token = new URLSearchParams((await linkFromMail(request, email, '/booking/my-booking')).split('?')[1]).get('token');
  const asked = await graphql<{ requestErasure: { exception: unknown } }>(
    request,
    'mutation Ask($t: String!) { requestErasure(token: $t) { exception { messageId } } }',
    { t: token },
  );
  expect(asked.requestErasure.exception).toBeNull();

  // nobody signed in gets the list or executes it
  const anonymous = await graphqlRaw(request, '{ erasureRequests { id email } }');
  expect(JSON.stringify(anonymous)).not.toContain(email);
  expect(anonymous.errors?.length).toBeGreaterThan(0);

  await signIn(page);
  await page.goto('/admin/loeschantraege');
  await expect(page.getByRole('heading', { level: 2, name: 'Löschanträge' })).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: `${lastName}, ${firstName}` });
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: 'Löschung ausführen' }).click();
  await confirmPopup(page, 'Löschen');

  const erased = page.locator('tbody tr').filter({ hasText: `Mieter ${booked.renterId} (gelöscht)` });
  await expect(erased).toContainText(/Gelöscht am \d{2}\.\d{2}\.\d{2}/);
  await expect(page.getByText(lastName)).toHaveCount(0);

  // the renter's page in the back office: no name any more, and the Protokoll says what happened
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  const log = page.getByTestId('audit-log');
  await expect(log.locator('tbody tr').filter({ hasText: 'Daten auf Antrag gelöscht' })).toHaveCount(1);
  await expect(log.locator('tbody tr').filter({ hasText: 'Löschung beantragt' })).toHaveCount(1);
  await expect(page.getByText(lastName)).toHaveCount(0);

  // renter.erased reached renting and document: the identity card copies and the certificate went,
  // each in the Protokoll, and each service's summary (the Protokoll joins every service's entries)
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(log.locator('tbody tr').first()).toBeVisible();
        return [
          await log.locator('tbody tr').filter({ hasText: 'Dokument auf Antrag gelöscht' }).count(),
          await log.locator('tbody tr').filter({ hasText: 'Formulare und Dokumente auf Antrag gelöscht' }).count(),
        ];
      },
      { message: 'the erasure in the renting and document services', timeout: 30_000 },
    )
    .toEqual([3, 2]);
});
