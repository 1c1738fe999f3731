// The renter's part of a booking after the identity approval, for the browser tests of both web apps:
// signing the contract and paying the rent in the sandboxes, through the links of the mails.

/** The little of Playwright's Page that it needs: this module cannot import @playwright/test. */
export interface RenterPage {
  goto(url: string): Promise<unknown>;
  getByRole(role: 'link' | 'button' | 'checkbox', options: { name: string | RegExp }): { click(): Promise<void>; check(): Promise<void> };
  getByLabel(text: RegExp): { fill(value: string): Promise<void> };
  waitForURL(url: RegExp): Promise<void>;
}

/**
 * Signs the contract (as fullName, the name the contract states) from the step4 mail's link and pays
 * from the step5 mail's link, as a renter does on the English site; linkFromMail(path) returns the
 * path and query of the mailed link to path.
 */
export async function signAndPay(page: RenterPage, fullName: string, linkFromMail: (path: string) => Promise<string>): Promise<void> {
  await page.goto(await linkFromMail('/booking/step4'));
  await page.getByRole('link', { name: 'Sign contract' }).click();
  await page.getByLabel(/Your full name/).fill(fullName);
  await page.getByRole('checkbox', { name: /I have read the rental contract/ }).check();
  await page.getByRole('button', { name: /Sign/ }).click();
  await page.waitForURL(/\/booking\/step4done\?rentingId=/);

  await page.goto(await linkFromMail('/booking/step5'));
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /Pay/ }).click();
  await page.waitForURL(/\/booking\/step5done\?rentingId=/);
}
