import { expect, type APIRequestContext } from '@playwright/test';

// The mail catcher (MailDev) of the system under test: GET /email lists every mail as JSON.
export const mailURL = process.env.E2E_MAIL_URL ?? 'http://localhost:8025';

export interface Mail {
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  date?: string;
}

async function mailsTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const res = await request.get(`${mailURL}/email`);
  expect(res.ok()).toBeTruthy();
  const all = (await res.json()) as Mail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
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
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace(/\//g, '\\/')}\\?[^\\s"'<>]+`);
  let link = '';
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        for (const m of await mailsTo(request, address)) {
          if (subject !== undefined && m.subject !== subject) {
            continue;
          }
          const found = pattern.exec(m.text ?? '') ?? pattern.exec(m.html ?? '');
          if (found) {
            link = found[0].replace(/&amp;/g, '&');
            mail = m;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address}${subject ? ` "${subject}"` : ''} with a link to ${path}`, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  const url = new URL(link);
  return { mail: mail as Mail, link: url.pathname + url.search };
}

/** The path and query of the link to path in a mail to address (see mailWithLink). */
export async function linkFromMail(request: APIRequestContext, address: string, path: string): Promise<string> {
  return (await mailWithLink(request, address, path)).link;
}
