import { expect, type APIRequestContext } from '@playwright/test';
import { findLink, type Mail } from '../../../tools/e2e/support/mail';

// The mail catcher (MailDev) of the system under test: GET /email lists every mail as JSON.
export const mailURL = process.env.E2E_MAIL_URL ?? 'http://localhost:8025';

export type { Mail };

async function allMails(request: APIRequestContext): Promise<Mail[]> {
  const res = await request.get(`${mailURL}/email`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Mail[];
}

/**
 * Waits (a minute, or options.timeout ms) until a mail to address (with options.subject, when given)
 * contains a link to the given site path (e.g. /booking/step3) and returns that mail and the link's
 * path and query, to be opened on the site under test.
 */
export async function mailWithLink(
  request: APIRequestContext,
  address: string,
  path: string,
  { subject, timeout = 60_000 }: { subject?: string; timeout?: number } = {},
): Promise<{ mail: Mail; link: string }> {
  let found: { mail: Mail; link: string } | undefined;
  await expect
    .poll(
      async () => {
        found = findLink(await allMails(request), address, path, subject);
        return found !== undefined;
      },
      { message: `a mail to ${address}${subject ? ` "${subject}"` : ''} with a link to ${path}`, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the link to path in a mail to address (see mailWithLink). */
export async function linkFromMail(request: APIRequestContext, address: string, path: string): Promise<string> {
  return (await mailWithLink(request, address, path)).link;
}
