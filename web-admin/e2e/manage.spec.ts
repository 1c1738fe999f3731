import { expect, test, type Request } from '@playwright/test';
import { apartmentFor, asAdmin, graphql, semesters } from './support/api';
import { signIn } from './support/admin';

// This file's apartments, counted from the end of the demo building: 10.

interface AdminApartment {
  id: number;
  name: string;
  descriptionDe: string;
  descriptionEn: string;
  pricePerMonth: number;
  priceDeposit: number;
  priceCleaning: number;
}

const ADMIN_BUILDING = '{ adminBuilding { floors { apartments { id name descriptionDe descriptionEn pricePerMonth priceDeposit priceCleaning } } } }';

async function adminApartment(id: number): Promise<AdminApartment> {
  return asAdmin(async (admin) => {
    const data = await graphql<{ adminBuilding: { floors: { apartments: AdminApartment[] }[] } }>(admin, ADMIN_BUILDING);
    return data.adminBuilding.floors.flatMap((f) => f.apartments).find((a) => a.id === id)!;
  });
}

test('changes the rent of one apartment and sends only that apartment', async ({ page, request }) => {
  const apartment = await apartmentFor(request, 10);
  const before = await adminApartment(apartment.id);
  const rent = Math.round((before.pricePerMonth + 12.5) * 100) / 100;

  await signIn(page);
  const mutations: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/graphql') && r.method() === 'POST' && /\bmutation\b/.test(r.postData() ?? '')) mutations.push(r);
  });
  await page.goto('/admin/verwalten/apartments');
  const save = page.getByRole('button', { name: 'Speichern', exact: true });
  const input = page.getByLabel(`Miete ${apartment.name}`, { exact: true });
  await expect(input).toBeVisible();
  await expect(save).toBeDisabled();

  await input.fill(String(rent).replace('.', ','));
  await input.blur();
  await expect(save).toBeEnabled();
  const answered = page.waitForResponse((r) => r.url().includes('/api/graphql') && (r.request().postData() ?? '').includes('UpdateApartment'));
  await save.click();
  await answered;
  await expect(page.getByLabel('Gespeichert')).toBeVisible();
  await expect(save).toBeDisabled();

  expect(mutations).toHaveLength(1);
  const body = mutations[0].postDataJSON() as { operationName: string; variables: { update: AdminApartment } };
  expect(body.operationName).toBe('UpdateApartment');
  expect(body.variables.update).toEqual({
    id: apartment.id,
    descriptionDe: before.descriptionDe,
    descriptionEn: before.descriptionEn,
    pricePerMonth: rent,
    priceDeposit: before.priceDeposit,
    priceCleaning: before.priceCleaning,
  });

  await page.reload();
  await expect(page.getByLabel(`Miete ${apartment.name}`, { exact: true })).toHaveValue(rent.toFixed(2).replace('.', ','));
  expect((await adminApartment(apartment.id)).pricePerMonth).toBe(rent);

  // put the demo price back for whoever runs next on this system
  await asAdmin((admin) =>
    graphql(admin, 'mutation U($u: ApartmentUpdate!) { updateApartment(update: $u) { exception { messageId } } }', {
      u: { id: before.id, descriptionDe: before.descriptionDe, descriptionEn: before.descriptionEn, pricePerMonth: before.pricePerMonth, priceDeposit: before.priceDeposit, priceCleaning: before.priceCleaning },
    }),
  );
});

test('the semester table is sorted by days until start, descending, with the current semester in bold', async ({ page, request }) => {
  const { all, current } = await semesters(request);
  await signIn(page);
  await page.goto('/admin/verwalten/semester');
  await expect(page.getByRole('heading', { name: 'Semester' })).toBeVisible();
  const header = page.locator('thead th');
  await expect(header).toHaveText(['Id', 'Name', 'Start', 'Ende', 'Mietphase', 'Tage bis Start', 'Aktion']);

  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(all.length);
  const days = (await rows.locator('td:nth-child(6)').allInnerTexts()).map(Number);
  expect(days).toEqual([...days].sort((a, b) => b - a));
  const expected = [...all].sort((a, b) => b.startsInDays - a.startsInDays || a.id - b.id).map((s) => s.name);
  expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(expected);
  for (const s of all) {
    const row = rows.filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${s.name.replace(/[/.]/g, '\\$&')}$`) }) });
    await expect(row.locator('strong')).toHaveCount(s.id === current?.id ? 6 : 0);
  }
});
