// The mails of the system under test, as the mail catcher (MailDev, GET /email) lists them, and the
// links in them, for the browser tests of both web apps (this module cannot import @playwright/test:
// each app polls with its own expect).

export interface Mail {
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  date?: string;
}

/**
 * The first of the mails to address (with subject, when given) that links to the site's path (e.g.
 * /booking/step3), with the link's path and query, to be opened on the site under test.
 */
export function findLink(mails: Mail[], address: string, path: string, subject?: string): { mail: Mail; link: string } | undefined {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace(/\//g, '\\/')}\\?[^\\s"'<>]+`);
  for (const mail of mails) {
    if (!mail.to.some((t) => t.address.toLowerCase() === address.toLowerCase())) continue;
    if (subject !== undefined && mail.subject !== subject) continue;
    const found = pattern.exec(mail.text ?? '') ?? pattern.exec(mail.html ?? '');
    if (found) {
      const url = new URL(found[0].replace(/&amp;/g, '&'));
      return { mail, link: url.pathname + url.search };
    }
  }
  return undefined;
}
