import { expect, test, type Page } from '@playwright/test';
import { graphqlRaw, semesters } from './support/api';
import { signIn } from './support/admin';

// Semesters far ahead, one year per run (the system may be reused), so no other test sees them bookable.
const year = 2100 + Math.floor(Date.now() / 1000) % 800;

async function fillSemester(page: Page, name: string, start: string, end: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Start').fill(start);
  await dialog.getByLabel('Ende').fill(end);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
}

test('the catalog keeps the next semesters present without an administrator', async ({ request }) => {
  const { all } = await semesters(request);
  // two years ahead: at least four semesters start after today
  expect(all.filter((s) => s.startsInDays > 0).length).toBeGreaterThanOrEqual(4);
});

test('an administrator adds a semester, is told at the field when one overlaps, and renames it', async ({ page }) => {
  const name = `SoSe ${year}`;
  await signIn(page);
  await page.goto('/admin/verwalten/semester');
  await expect(page.getByRole('heading', { name: 'Semester' })).toBeVisible();

  await page.getByRole('button', { name: 'Semester anlegen' }).click();
  await fillSemester(page, name, `${year}-04-01`, `${year}-09-30`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.locator('td')).toHaveText([/\d+/, name, `01.04.${String(year).slice(2)}`, `30.09.${String(year).slice(2)}`, 'PLANNED', /\d+/, 'Bearbeiten']);

  // overlapping days: the start field says with which semester
  await page.getByRole('button', { name: 'Semester anlegen' }).click();
  await fillSemester(page, `Sommerkurs ${year}`, `${year}-09-01`, `${year}-10-31`);
  const start = page.getByRole('dialog').locator('.ant-form-item').filter({ hasText: 'Start' });
  await expect(start).toContainText(`Überschneidet sich mit dem Semester ${name}.`);
  // the end before the start: the end field says so
  await fillSemester(page, `Sommerkurs ${year}`, `${year}-11-30`, `${year}-11-01`);
  await expect(page.getByRole('dialog').locator('.ant-form-item').filter({ hasText: 'Ende' })).toContainText('Das Ende muss nach dem Start liegen.');
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('cell', { name: `Sommerkurs ${year}` })).toHaveCount(0);

  await page.getByRole('button', { name: `${name} bearbeiten` }).click();
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue(name);
  await fillSemester(page, `Sommer ${year}`, `${year}-04-01`, `${year}-09-30`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: `Sommer ${year}`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
});

test('a semester cannot be added or changed without an admin session', async ({ request }) => {
  const { all } = await semesters(request);
  const semester = { name: `X ${year}`, startDate: `${year + 1}-04-01`, endDate: `${year + 1}-09-30` };
  const attempts = [
    graphqlRaw(request, 'mutation C($s: SemesterInput!) { createSemester(semester: $s) { exception { messageId } } }', { s: semester }),
    graphqlRaw(request, 'mutation U($id: Int!, $s: SemesterInput!) { updateSemester(id: $id, semester: $s) { exception { messageId } } }', { id: all[0].id, s: semester }),
  ];
  for (const answer of await Promise.all(attempts)) {
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(answer.data ?? null).toBeNull();
  }
  expect((await semesters(request)).all.map((s) => s.name)).toEqual(all.map((s) => s.name));
});
