import { expect, test } from '@playwright/test';
import { apartmentFor, asAdmin, bookAndConfirm, graphql, graphqlRaw, newPerson, semesters, type Apartment } from './support/api';
import { chooseSemester, signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 16, 17.

const BLOCK = 'mutation B($a: Int!, $s: Int!, $r: String!) { blockApartment(apartmentId: $a, semesterId: $s, reason: $r) { exception { path messageId params { key value } } } }';
const UNBLOCK = 'mutation U($a: Int!, $s: Int!) { unblockApartment(apartmentId: $a, semesterId: $s) { exception { messageId } } }';

async function freeInBookableSemester(request: Parameters<typeof semesters>[0], apartment: Apartment): Promise<boolean | undefined> {
  const data = await graphql<{ availableApartments: { apartmentBookable: { apartmentId: number; free: boolean }[] } }>(
    request,
    '{ availableApartments { apartmentBookable { apartmentId free } } }',
  );
  return data.availableApartments.apartmentBookable.find((a) => a.apartmentId === apartment.id)?.free;
}

test('an administrator blocks a free apartment with a reason, nobody can book it, and lifts the block', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 16);
  const { bookable } = await semesters(request);
  // a block left by an earlier run on this system
  await asAdmin((admin) => graphql(admin, UNBLOCK, { a: apartment.id, s: bookable.id }));

  await signIn(page);
  await page.goto('/admin/overview');
  await chooseSemester(page, bookable);
  const card = page.getByTestId(`apartment-${apartment.id}`);
  await expect(card.locator('.ant-tag')).toHaveText('Verfügbar');

  await card.getByRole('button', { name: `${apartment.name} blockieren` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Blockieren' }).click();
  await expect(dialog).toContainText('Angabe fehlt.');
  await dialog.getByLabel('Grund').fill('Wasserschaden im Bad');
  await dialog.getByRole('button', { name: 'Blockieren' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.locator('.ant-tag')).toHaveText('Blockiert');
  await expect(card).toContainText('Grund: Wasserschaden im Bad');
  await expect(card).toHaveAttribute('data-highlight', 'true');

  expect(await freeInBookableSemester(request, apartment)).toBe(false);
  const booking = await graphqlRaw<{ createRentingRequest: { uuid: string | null; exception: { messageId: string } | null } }>(
    request,
    'mutation C($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { messageId } } }',
    {
      c: {
        apartmentId: apartment.id, semesterId: bookable.id, email: 'blockiert@example.org', firstName: 'Lena', lastName: 'Blockiert',
        birthday: '2003-02-01', city: 'Heidelberg', country: 'DEU', gender: 'female', nationality: 'de', phone: '+49 170 1234567',
        street: 'Hauptstraße 1', zip: '69117', language: 'de', identityCardFront: '', identityCardBack: '', immatriculation: '',
      },
    },
  );
  expect(booking.data?.createRentingRequest.uuid ?? null).toBeNull();
  expect(booking.data?.createRentingRequest.exception?.messageId).toBe('APARTMENT_TAKEN');

  await card.getByRole('button', { name: `Blockierung von ${apartment.name} aufheben` }).click();
  await expect(card.locator('.ant-tag')).toHaveText('Verfügbar');
  await expect(card).not.toContainText('Grund:');
  expect(await freeInBookableSemester(request, apartment)).toBe(true);
});

test('blocking an apartment somebody holds is refused with the reason why, and nobody without a session can block', async ({ request }) => {
  const apartment = await apartmentFor(request, 17);
  const { bookable } = await semesters(request);
  await bookAndConfirm(request, apartment, newPerson('Gehalten'));

  const refused = await asAdmin((admin) =>
    graphql<{ blockApartment: { exception: { path: string; messageId: string; params: { key: string; value: string }[] } | null } }>(admin, BLOCK, {
      a: apartment.id, s: bookable.id, r: 'Renovierung',
    }),
  );
  expect(refused.blockApartment.exception).toMatchObject({ path: 'apartmentId', messageId: 'APARTMENT_HELD' });
  expect(refused.blockApartment.exception?.params).toContainEqual({ key: 'state', value: 'APARTMENT_RESERVED' });

  for (const [query, variables] of [[BLOCK, { a: apartment.id, s: bookable.id, r: 'Angriff' }], [UNBLOCK, { a: apartment.id, s: bookable.id }]] as const) {
    const answer = await graphqlRaw(request, query, variables);
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }
});
