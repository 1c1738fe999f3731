import { expect, type Locator, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import type { Resources } from '../../src/i18n/en';
import type { Apartment } from './api';
import { certificate, identityBack, identityFront } from './files';

export interface Person {
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  birthday: string;
  phone: string;
  email: string;
}

export function person(email: string): Person {
  return {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Plöck 42',
    zip: '69117',
    city: 'Heidelberg',
    birthday: '2004-05-17',
    phone: '+49 151 23456789',
    email,
  };
}

/** Goes from step1 to the apartment's step2: the floor arrows up to its floor, then its card. */
export async function chooseOnStep1(page: Page, apartment: Apartment): Promise<void> {
  await page.goto('/booking/step1');
  const card = page.getByTestId(`apartment-${apartment.id}`);
  for (let i = 0; i < apartment.floorIndex; i++) {
    await page.getByRole('button', { name: /^(Next floor up|Ein Stockwerk höher)$/ }).click();
  }
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/booking/step2\\?apartment-id=${apartment.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(apartment.name.replace('.', '\\.')) })).toBeVisible();
}

/** The form item of a field, found by its label (a string matches the whole label). */
export function field(page: Page, label: string | RegExp): Locator {
  const text = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : label;
  return page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: text }) });
}

/** The error shown under a field (not one that is fading out). */
export function errorOf(page: Page, label: string | RegExp): Locator {
  return field(page, label).locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
}

/** The hidden file input of an upload slot, found by its label. */
export function uploadInput(page: Page, label: string | RegExp): Locator {
  return field(page, label).locator('input[type=file]');
}

/**
 * Goes down to the booking form on step2, as a user scrolls to it: the form (a chunk of its own) loads
 * only when its place comes near the screen. Waits until it is there.
 */
export async function showBookingForm(page: Page): Promise<void> {
  await page.locator('#booking-form').scrollIntoViewIfNeeded();
  await expect(page.locator('#booking-form form')).toBeVisible();
}

/** Fills the booking form with a person's data and real files; texts is the language shown (en or de). */
export async function fillBookingForm(page: Page, p: Person, texts: Resources = en): Promise<void> {
  const form = texts.booking.form;
  await showBookingForm(page);
  await page.getByLabel(form.first_name, { exact: true }).fill(p.firstName);
  await page.getByLabel(form.last_name, { exact: true }).fill(p.lastName);
  await page.getByLabel(form.street, { exact: true }).fill(p.street);
  await page.getByLabel(form.postal_code, { exact: true }).fill(p.zip);
  await page.getByLabel(form.city, { exact: true }).fill(p.city);
  await page.getByLabel(form.birthday, { exact: true }).fill(p.birthday);
  await page.getByLabel(form.mobile, { exact: true }).fill(p.phone);
  await page.getByLabel(form.email, { exact: true }).fill(p.email);
  await page.getByLabel(form.confirm_email, { exact: true }).fill(p.email);
  await upload(page, form.identityCardFront, identityFront());
  await upload(page, form.identityCardBack, identityBack());
  await upload(page, form.immatriculation, certificate());
}

/** Chooses a file for an upload slot and waits until the slot lists it (the layout settles). */
export async function upload(page: Page, label: string | RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  await uploadInput(page, label).setInputFiles(file);
  await expect(field(page, label).getByText(file.name)).toBeVisible();
}

/** Ticks a checkbox; retried because a click during a layout shift can miss it. */
export async function tick(box: Locator): Promise<void> {
  await expect(async () => {
    await box.setChecked(true, { timeout: 2_000 });
  }).toPass();
}

/** A text as shown: without the <0>…</0> marks of the parts that are links. */
export function shown(text: string): string {
  return text.replace(/<\/?\d+>/g, '');
}

export async function acceptTermsAndSubmit(page: Page, texts: Resources = en): Promise<void> {
  const form = texts.booking.form;
  await tick(page.getByRole('checkbox', { name: shown(form.terms) }));
  await tick(page.getByRole('checkbox', { name: shown(form.privacy) }));
  await page.getByRole('button', { name: form.submit }).click();
}

/** Books the apartment through the form in English and returns the new renting's id (from step2done). */
export async function book(page: Page, apartment: Apartment, p: Person): Promise<string> {
  await chooseOnStep1(page, apartment);
  await fillBookingForm(page, p);
  await acceptTermsAndSubmit(page);
  await expect(page).toHaveURL(/\/booking\/step2done\?rentingId=/);
  await expect(page.getByRole('heading', { name: 'Your booking has been received' })).toBeVisible();
  return new URL(page.url()).searchParams.get('rentingId')!;
}

/** The booking progress: five steps, how many of them are ticked (finished). */
export async function expectStepsTicked(page: Page, count: number): Promise<void> {
  const steps = page.getByRole('list', { name: /^(Booking steps|Buchungsschritte)$/ }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.and(page.locator('[data-status="finish"]'))).toHaveCount(count);
}
