#!/usr/bin/env node
// Lighthouse benchmark of the booking site (not a test): mobile, simulated throttling, on step1 and
// step2 of a running system, in Debian's Chromium. Writes the scores and the initial JavaScript
// (every script in Lighthouse's network log of the load, gzip-compressed) to
// docs/lighthouse-web-public.md.
//
//   npm run lighthouse -- [base URL]      (default http://localhost:8080, e.g. `make run`)
//
// Targets: performance >= 95, accessibility 100 and CLS 0 on both pages, initial JavaScript <= 150 KB gzip.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const out = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/lighthouse-web-public.md');
const TARGET_PERFORMANCE = 95;
const TARGET_ACCESSIBILITY = 100;
const TARGET_JS_KB = 150;

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function firstApartmentId() {
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ availableApartments { building { floors { apartments { id } } } } }' }),
  });
  if (!res.ok) throw new Error(`no system answers at ${base} (HTTP ${res.status})`);
  const body = await res.json();
  return body.data.availableApartments.building.floors[0].apartments[0].id;
}

/** The gzip size of every script the page requested, fetched again and compressed at level 9. */
async function initialScripts(lhr) {
  const items = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  const scripts = [];
  for (const r of items) {
    const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
    scripts.push({ url: new URL(r.url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return scripts;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => (n / 1024).toFixed(1);

const pages = [
  { name: 'step1', path: '/booking/step1' },
  { name: 'step2', path: `/booking/step2?apartment-id=${await firstApartmentId()}` },
];

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
const results = [];
try {
  for (const page of pages) {
    const url = base + page.path;
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, undefined);
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      samples.push(lhr);
      console.log(`${page.name} run ${i + 1}: performance ${Math.round(lhr.categories.performance.score * 100)}`);
    }
    const lhr = samples[0];
    const score = (id) => median(samples.map((s) => Math.round((s.categories[id]?.score ?? 0) * 100)));
    const metric = (id) => median(samples.map((s) => s.audits[id].numericValue));
    const scripts = await initialScripts(lhr);
    results.push({
      ...page,
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      scripts,
      jsGzip: scripts.reduce((n, s) => n + s.gzip, 0),
      jsRaw: scripts.reduce((n, s) => n + s.raw, 0),
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
    });
  }
} finally {
  await chrome.kill();
}

const ok = (r) =>
  r.performance >= TARGET_PERFORMANCE && r.accessibility >= TARGET_ACCESSIBILITY && r.cls === 0 && r.jsGzip / 1024 <= TARGET_JS_KB;
const lines = [
  '# Lighthouse: the booking site (web-public)',
  '',
  `Written by \`web-public/scripts/lighthouse.mjs\` (\`npm run lighthouse -- <base URL>\` in web-public) on ${new Date().toISOString().slice(0, 10)}:`,
  `Lighthouse ${results[0].lighthouseVersion}, mobile form factor with simulated throttling (its default), headless Chromium,`,
  `the median of ${runs} runs per page, against a system started like \`make run\` (the gateway serving the production build).`,
  '',
  `**Targets:** performance ≥ ${TARGET_PERFORMANCE}, accessibility ${TARGET_ACCESSIBILITY} and CLS 0 on step1 and step2; initial JavaScript ≤ ${TARGET_JS_KB} KB gzip`,
  '(every script the browser requests while Lighthouse loads the page, until the network is quiet: the entry chunk, its preloads, the route chunks and anything else requested).',
  '',
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | initial JS (gzip) | target met |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${kb(r.jsGzip)} KB (${kb(r.jsRaw)} KB raw) | ${ok(r) ? 'yes' : 'no'} |`,
  ),
  '',
  ...results.flatMap((r) => [
    `## Scripts of ${r.name}`,
    '',
    '| script | raw | gzip |',
    '|---|---|---|',
    ...r.scripts.map((s) => `| \`${s.url}\` | ${kb(s.raw)} KB | ${kb(s.gzip)} KB |`),
    '',
  ]),
];
// Hand-written notes below the marker survive a new measurement.
const MARKER = '<!-- notes: kept when the script rewrites this file -->';
const notes = existsSync(out) && readFileSync(out, 'utf8').includes(MARKER) ? readFileSync(out, 'utf8').split(MARKER)[1] : '\n';
writeFileSync(out, `${lines.join('\n')}\n${MARKER}${notes}`);
console.log(lines.slice(9, 11 + results.length).join('\n'));
console.log(`written to ${out}`);
process.exitCode = results.every(ok) ? 0 : 1;
