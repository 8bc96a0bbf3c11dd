// @ts-check
// A capture made by the real daemon (BSK_BIN, attached with --cdp-url) read on the evidence
// page as a person reads it: the Problems part lists the 404, the 500, the refused connection
// and the console error, each opening its place; a search finds a token that only a response
// body holds and opens that request at the match, highlighted; the traffic summary puts the
// failing routes first. Screenshots go to target/extension-artifacts as problems-*.png.

import assert from 'node:assert/strict';
import http from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EXTENSION_DIR, WAIT_MS, artifactsDir } from './support.js';
import { bsk, bskJson, launchBrowser, stateDir, waitFor } from './daemon-harness.js';

/** A token that is nowhere but in one response body. */
const TOKEN = 'QUOKKA_5521';

/** A port nothing listens on: a server's, once closed. */
async function closedPort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A page that, once loaded, asks for a missing page (404), a failing API (500), a port that
 * refuses the connection, and an API whose 200 carries the token; then logs an error.
 * @param {number} refused
 */
async function serveProblems(refused) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    } else if (url.pathname === '/api/boom') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"internal"}');
    } else if (url.pathname === '/api/quote') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, quote: { id: 7, reference: TOKEN } }));
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Problems</title><h1>Problems</h1><p id="done"></p>
<script>
(async () => {
  await fetch('/missing');
  await fetch('/api/boom');
  await fetch('http://127.0.0.1:${refused}/api/down').catch(() => {});
  await fetch('/api/quote').then((r) => r.json());
  console.error('widget exploded');
  document.getElementById('done').textContent = 'done';
})();
</script>`);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * What the browser's clipboard holds, read from the site's own page (an extension page cannot
 * be granted clipboard-read).
 * @param {import('playwright-core').BrowserContext} context
 */
async function clipboardText(context) {
  const page = await context.newPage();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}/missing`);
    await page.bringToFront();
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    await page.close();
  }
}

/** @type {Awaited<ReturnType<typeof serveProblems>>} */
let site;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;
const home = stateDir();
let runId = '';
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  site = await serveProblems(await closedPort());
  // The extension as it is in this tree (the one bsk embeds is as of its build).
  browser = await launchBrowser({ home, extensionDir: EXTENSION_DIR });
  await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
  const session = await bsk(home, 'session', 'start', '--name', 'problems e2e');
  await waitFor('the extension link', async () => (await bskJson(home, 'status')).browser.extension.state === 'connected', 20_000);
  runId = await bsk(home, 'debug', 'start', '--session', session, '--name', 'Problems', '--quiet');
  await bsk(home, 'navigate', site.url, '--session', session);
  await waitFor('the page to finish its requests', async () => /done/.test(await bsk(home, 'evaluate', "document.getElementById('done').textContent", '--session', session)), 15_000);
  await waitFor('the console error', async () => /widget exploded/.test(await bsk(home, 'debug', 'console', '--session', session)), 15_000);
  await bsk(home, 'debug', 'stop', '--session', session, '--quiet');
});

after(async () => {
  await bsk(home, 'daemon', 'stop').catch(() => {});
  await browser?.close();
  await site?.close();
});

/** @param {string} hash */
async function open(hash) {
  const page = await browser.browser.contexts()[0].newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => pageErrors.push(`${hash}: ${e.message}`));
  await page.goto(`${browser.evidenceUrl(runId)}${hash}`);
  return page;
}

describe('problems and search on a real capture', () => {
  test('the Problems part lists the 404, the 500, the refused connection and the console error, each opening its place', async () => {
    const page = await open('');
    const problems = page.locator('section.problems');
    await problems.getByRole('heading', { name: /^Problems/ }).waitFor();
    const text = await problems.innerText();
    // The kind words are upper-cased by CSS; each row says what the server or browser said.
    assert.match(text, /HTTP\s+GET \/missing 404 Not Found\s+not found\s+(after|possibly related to) navigate http:\/\/127\.0\.0\.1:\d+\S*\s+also logged by the browser/i);
    assert.match(text, /HTTP\s+GET \/api\/boom 500 Internal Server Error\s+internal/i);
    assert.match(text, /Failed\s+GET \/api\/down on http:\/\/127\.0\.0\.1:\d+ failed: net::ERR_CONNECTION_REFUSED/i);
    assert.match(text, /Console\s+widget exploded/i);
    // The browser's "Failed to load resource" lines go with their requests, not again alone.
    assert.match(text, /^Problems — 1 failed request, 2 error responses, 1 console error$/m);
    assert.equal(await problems.locator('a.problem').count(), 4);
    // The body preview of a 200 shows what it says, without a verdict.
    assert.match(await page.locator('.req-preview').allInnerTexts().then((t) => t.join('\n')), new RegExp(TOKEN));

    // Each problem opens its place: the request…
    await problems.locator('a.problem', { hasText: '/api/boom' }).click();
    await page.locator('.request-detail h2', { hasText: 'GET /api/boom' }).waitFor();
    assert.match(page.url(), /request=r\d+&part=response_body/);
    // …or the console entry, marked.
    await page.goBack();
    await problems.locator('a.problem', { hasText: 'widget exploded' }).click();
    const entry = page.locator('li.log.targeted');
    await entry.waitFor();
    assert.match(await entry.innerText(), /widget exploded/);
    await page.close();
  });

  test('search finds a token only a response body holds, and opens the request at the match', async () => {
    const page = await open('');
    await page.getByLabel('Search this record').fill(TOKEN);
    await page.getByLabel('Search this record').press('Enter');
    const results = page.locator('.search-results');
    await results.waitFor();
    assert.match(page.url(), new RegExp(`q=${TOKEN}`));
    const hits = await results.locator('.search-hit').allInnerTexts();
    assert.equal(hits.length, 1, hits.join('\n'));
    assert.match(hits[0], /in response body/);
    await results.locator('.search-hit').click();
    const detail = page.locator('.request-detail');
    await detail.locator('h2', { hasText: 'GET /api/quote' }).waitFor();
    const mark = detail.locator('[data-part="response_body"] mark.hit-current');
    await mark.waitFor();
    assert.equal(await mark.innerText(), TOKEN);
    assert.ok(await mark.isVisible());
    // Copy as cURL: the request as retained, ready to paste.
    await detail.getByRole('button', { name: 'Copy as cURL' }).click();
    await detail.locator('.copy-status', { hasText: /^Copied/ }).waitFor();
    const curl = await clipboardText(page.context());
    assert.match(curl, new RegExp(`^curl 'http://127\\.0\\.0\\.1:\\d+/api/quote'`));
    assert.match(curl, /-H 'Accept: \*\/\*'/);
    // A fetch is read for its bodies: the response comes before the headers.
    const order = await detail.locator('.detail-section').evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')));
    assert.ok(order.indexOf('Response') < order.indexOf('Request headers'), order.join(', '));
    // At 1280 px and wider the request list stays beside the open request; narrower, it is not.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.request-pane a[aria-current="true"]', { hasText: '/api/quote' }).waitFor();
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.locator('.request-pane').waitFor({ state: 'hidden' });
    // The fragment alone opens the search: a link a person can send, or `bsk evidence --search`.
    const linked = await open(`&q=${TOKEN}`);
    await linked.locator('.search-hit[data-part="response_body"]').waitFor();
    // History searching (`#q=` with no run), each row saying where it matched.
    await linked.goto(`${browser.evidenceUrl()}#q=${TOKEN}`);
    assert.equal(await linked.getByLabel('Search records').inputValue(), TOKEN);
    await linked.locator('.row-match', { hasText: 'in the response body of request' }).waitFor();
    // `--part problems`: the record at its Problems part.
    await linked.goto(`${browser.evidenceUrl(runId)}&part=problems`);
    await linked.waitForFunction(() => document.activeElement?.id === 'problems-title');
    await linked.close();
    await page.close();
  });

  test('the traffic summary puts the failing routes first, and a route opens its requests', async () => {
    const page = await open('&view=summary');
    const rows = page.locator('.summary-table tbody tr');
    await rows.first().waitFor();
    const first = (await rows.first().locator('th').innerText()).split('\n')[0];
    assert.match(first, /\/missing|\/api\/boom|\/api\/down/);
    await rows.filter({ hasText: '/api/boom' }).locator('a.route-link').click();
    await page.locator('#route-filter').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 1);
    await page.close();
  });

  test('screenshots of the Problems part and a search, light and dark, 400 and 1280 px', async () => {
    const page = await open('');
    for (const scheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 400]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, hash] of [['problems', ''], ['search', `&q=${TOKEN}`], ['search-hit', '']]) {
          await page.goto(`${browser.evidenceUrl(runId)}${hash}`);
          if (name === 'search-hit') {
            await page.goto(`${browser.evidenceUrl(runId)}&q=${TOKEN}`);
            await page.locator('.search-hit').click();
            await page.locator('mark.hit-current').waitFor();
          } else {
            await page.locator('.section > *').first().waitFor();
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the window`);
          await page.screenshot({ path: join(artifactsDir(), `problems-${name}-${scheme}-${width}.png`), fullPage: name !== 'search-hit' });
        }
      }
    }
    await page.close();
    assert.deepEqual(pageErrors, []);
  });
});
