import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apartmentFor, asAdmin, baseURL, bookAndConfirm, graphql, newPerson } from './support/api';
import { signIn } from './support/admin';

// This file's apartment, counted from the end of the demo building: 15.

/**
 * A page of another origin: the same host as the gateway on another port, so the browser counts it as
 * the same site and sends the admin's SameSite=Strict cookie along. It posts a form to the gateway's
 * /api/graphql as soon as it loads.
 */
async function attackerSite(target: string, mutation: string): Promise<{ url: string; server: Server }> {
  // <form enctype="text/plain"> posts name=value: a name that opens a JSON object and a value that
  // closes it make the body JSON ({"query":"…","x":"="}).
  const json = JSON.stringify({ query: mutation, x: '' });
  const textPlainName = json.slice(0, -2);
  const pages: Record<string, string> = {
    '/text-plain': `<form method="post" enctype="text/plain" action="${target}"><input id="field" value='"}'></form>
<script>document.getElementById('field').name = ${JSON.stringify(textPlainName)}; document.forms[0].submit();</script>`,
    '/urlencoded': `<form method="post" action="${target}"><input id="field" name="query"></form>
<script>document.getElementById('field').value = ${JSON.stringify(mutation)}; document.forms[0].submit();</script>`,
  };
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>cheap flights</title>${pages[req.url ?? ''] ?? ''}`);
  });
  const host = new URL(baseURL).hostname;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, server };
}

test('a form auto-posted from another origin (another port) runs nothing with the admin cookie: the renter stays unchanged', async ({
  page,
  request,
}) => {
  const booked = await bookAndConfirm(request, await apartmentFor(request, 15), newPerson('Querverweis'));
  const renterQuery = `{ renterForEdit(renterId: ${booked.renterId}) { firstName lastName phone notes } }`;
  const before = await asAdmin((admin) => graphql(admin, renterQuery));
  const forged = `mutation { updateRenter(update: { id: ${booked.renterId}, firstName: "Mallory", lastName: "Forged", phone: "+1 555 0100", notes: "csrf" }) { exception { messageId } } }`;

  // The admin works in the back office: signed in, the page loads under its content security policy
  // without a violation.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await signIn(page);
  const adminPage = await page.goto('/admin/mieter');
  expect(adminPage?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  expect(violations).toEqual([]);

  // Another tab of the same browser opens the attacker's page, which posts the forms.
  const attacker = await attackerSite(`${baseURL}/api/graphql`, forged);
  try {
    for (const form of ['/text-plain', '/urlencoded']) {
      const tab = await page.context().newPage();
      const answered = tab.waitForResponse((res) => res.url().startsWith(`${baseURL}/api/graphql`) && res.request().method() === 'POST');
      await tab.goto(attacker.url + form);
      const answer = await answered;
      expect(answer.status(), `${form}: ${await answer.text()}`).toBe(403);
      expect((await answer.request().allHeaders())['cookie'] ?? '', 'the browser sent the admin cookie along').toContain('semesterhaus_session');
      await tab.close();
    }
  } finally {
    attacker.server.close();
  }

  expect(await asAdmin((admin) => graphql(admin, renterQuery))).toEqual(before);
  // The admin is still signed in and the back office still works for them.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
});
