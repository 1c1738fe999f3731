import { expect, test } from '@playwright/test';
import { asAdmin, graphql, graphqlRaw, semesters } from './support/api';
import { signIn } from './support/admin';

// This file books nothing: every apartment slot (support/api.ts apartmentFor) belongs to another file.
// It reads what the others' bookings and the demo data make of the bookable semester.

interface Statistics {
  semester: { id: number; name: string };
  apartments: number;
  held: number;
  blocked: number;
}

/** The bookable semester's statistics as the API tells them an admin. */
async function bookableStatistics(semesterId: number): Promise<Statistics> {
  const data = await asAdmin((admin) =>
    graphql<{ semesterStatistics: Statistics[] }>(admin, '{ semesterStatistics { semester { id name } apartments held blocked } }'),
  );
  const found = data.semesterStatistics.find((s) => s.semester.id === semesterId);
  expect(found, 'statistics of the bookable semester').toBeTruthy();
  return found!;
}

test('the start page charts the occupancy of the bookable semester as the API counts it, and only for an admin', async ({ page, request }) => {
  const { bookable } = await semesters(request);

  await signIn(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Belegung' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Miete: erwartet und eingenommen' })).toBeVisible();
  // The chart's numbers, for screen readers: the bookable semester's row equals what the API tells
  // (other tests book at the same time: read both again until they meet).
  await expect(async () => {
    await page.reload();
    const expected = await bookableStatistics(bookable.id);
    expect(expected.apartments).toBe(24);
    const row = page.getByRole('table', { name: 'Belegung je Semester' }).getByRole('row', { name: bookable.name });
    // A short wait per reading: when another test changed the semester between the page's reading and
    // the API's, the next round reads both again (a fresh-clone run spent its whole time on one round).
    await expect(row.getByRole('cell')).toHaveText(
      ['24', String(expected.held), String(expected.blocked), String(24 - expected.held - expected.blocked)],
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Miete je Semester' }).getByRole('row', { name: bookable.name })).toContainText('€');

  const answer = await graphqlRaw(request, '{ semesterStatistics { held } }');
  expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});
