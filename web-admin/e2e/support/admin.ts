import { expect, type Page } from '@playwright/test';
import { ADMIN } from './api';

/** Signs in through the sign-in form the way an administrator does. */
export async function signInWithForm(page: Page, path = '/admin/overview'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Benutzername').fill(ADMIN.username);
  await page.getByLabel('Passwort').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
}

/** Signs the browser in through the gateway's API (the session cookie lands in the page's context). */
export async function signIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(res.ok(), `admin sign-in answered ${res.status()}`).toBeTruthy();
}

/** A semester's option text in the overview's dropdown: 'name (rentingPhase)'. */
export const semesterOption = (s: { name: string; rentingPhase: string }) => `${s.name} (${s.rentingPhase})`;

/** Chooses a semester in the overview's dropdown. */
export async function chooseSemester(page: Page, s: { name: string; rentingPhase: string }): Promise<void> {
  await page.getByRole('combobox', { name: 'Semester' }).click();
  // antd renders a hidden listbox for screen readers and the visible list of items
  const text = semesterOption(s).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  await page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) }).click();
  await expect(page.locator('.ant-select').first()).toContainText(semesterOption(s));
  // the list has closed (its closing animation is over)
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

/**
 * Confirms the open popup confirmation (antd's Popconfirm) with its okText button. The popup stands
 * beside the button that opened it: while the page still lays out (its last answers arrive) it moves,
 * and a click may miss it, so the click is repeated until the popup closes.
 */
export async function confirmPopup(page: Page, okText: string): Promise<void> {
  const ok = page.getByRole('button', { name: okText, exact: true });
  await expect(ok).toBeVisible();
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(ok).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
