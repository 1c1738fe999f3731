import { expect, test } from '@playwright/test';
import { graphqlRaw } from './support/api';
import { paidBooking } from './support/booking';
import { confirmPopup, signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 20 (accepted) and 13 (declined).

test.describe.configure({ timeout: 240_000 });

test('offers a renewal from the booking block and accepts it for the renter: deadline, answer and Protokoll', async ({ browser, page, request }) => {
  const booked = await paidBooking(browser, request, 20, 'Verlaengerung');

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

test('declines a renewal for the renter; without a session nobody offers, accepts or declines one', async ({ browser, page, request }) => {
  const booked = await paidBooking(browser, request, 13, 'Ablehnung');

  // an anonymous caller's offer is refused, and nothing is offered
  const offer = await graphqlRaw(request, 'mutation O($r: ID!) { offerRenewal(rentingId: $r) { uuid exception { messageId } } }', { r: booked.rentingId });
  expect(offer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect(offer.data ?? null).toBeNull();
  await signIn(page);
  await page.goto(`/admin/mieter/${booked.renterId}/info`);
  const paid = page.getByTestId(`booking-${booked.rentingId}`);
  await expect(paid).toContainText('Bezahlt');
  await expect(page.getByTestId(/^renewal-/)).toHaveCount(0);

  await paid.getByRole('button', { name: 'Verlängerung anbieten' }).click();
  const renewal = page.getByTestId(/^renewal-/);
  await expect(renewal).toContainText('– offen');
  const renewalId = (await renewal.getAttribute('data-testid'))!.replace('renewal-', '');

  // an anonymous caller can neither accept nor decline it on the renter's behalf: it stays open
  for (const operation of ['acceptRenewalForRenter', 'declineRenewalForRenter']) {
    const answer = await graphqlRaw(request, `mutation A($r: ID!) { ${operation}(rentingId: $r) { exception { messageId } } }`, { r: renewalId });
    expect(answer.errors?.[0]?.extensions?.code, operation).toBe('FORBIDDEN');
    expect(answer.data ?? null, operation).toBeNull();
  }
  await page.reload();
  await expect(page.getByTestId(`renewal-${renewalId}`)).toContainText('– offen');

  // the office declines it after the confirmation; the Protokoll says who did (the reloaded page has
  // settled first: its Protokoll is there)
  await expect(page.getByTestId('audit-log').locator('tbody tr').filter({ hasText: 'Verlängerung angeboten' })).toHaveCount(1);
  await page.getByTestId(`renewal-${renewalId}`).getByRole('button', { name: 'Verlängerung ablehnen' }).click();
  await expect(page.getByText('Verlängerung für den Mieter ablehnen? Der Mieter zieht zum Semesterende aus.')).toBeVisible();
  await confirmPopup(page, 'Ablehnen');
  await expect(page.getByTestId(`renewal-${renewalId}`)).toContainText('– abgelehnt');
  await page.reload();
  await expect(page.getByTestId(`renewal-${renewalId}`)).toContainText('– abgelehnt');
  const row = page.getByTestId('audit-log').locator('tbody tr').filter({ hasText: 'Verlängerung für den Mieter abgelehnt' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('admin');
});
