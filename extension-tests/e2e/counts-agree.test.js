// @ts-check
// Counts that agree (issue #48, item 3): one real capture, read twice, every count compared.
// The real `bsk` binary, attached (--cdp-url) to a Chromium this test launched with this tree's
// extension, records an order form the test serves on 127.0.0.1: a stylesheet and an image
// (static), a favicon that answers 404, a cross-site iframe (`localhost`, another port) whose
// own call answers 500, and a Place order button whose POST /api/orders answers 422 with
// {"error":{"code":"QTY_EXCEEDS_STOCK",…}}, after which the page logs a warning, throws an
// uncaught TypeError and, 2.5 s later (past the click's immediate window), warns again and gets
// a 503. The stopped capture is read through the CLI (`bsk debug status|problems|operations|
// operation|requests|console|pages|summary --json`) and through the extension's evidence page,
// opened from its history list once the daemon checkpointed it over the link. Every number on
// the page is read from what a person sees (texts, rows, pills, menus), never from the record's
// JSON, and compared with the CLI's: the history row, the tabs, the Problems rows, their tally
// and the operation each follows, each operation's error, warning and request pills and its
// two windows (listed and folded), the request list folded and unfolded and by frame, the
// traffic summary, and the console by level, source and frame. A failing favicon is listed,
// never folded away as static. Screenshots (1280×800) go to target/extension-artifacts as
// counts-agree-*.png.

import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bsk, bskJson, launchBrowser, stateDir, waitFor } from './daemon-harness.js';
import { EXTENSION_DIR, artifactsDir } from './support.js';

/** How long the test waits for the capture, the link and the page. */
const WAIT_MS = 20_000;

const ORDER_ERROR = { error: { code: 'QTY_EXCEEDS_STOCK', message: 'Only 2 left' } };
const STOCK_ERROR = { error: { code: 'STOCK_UNAVAILABLE', message: 'Try again later' } };
/** After the order's answer, the page checks stock again: past the click's immediate window. */
const RETRY_AFTER_MS = 2_500;

/**
 * The order form on 127.0.0.1, and the stock widget it frames on another site (`localhost`, on
 * a port of its own), each a small server of this test.
 */
async function serveOrderForm() {
  const stock = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/frame-api/stock') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal' }));
      return;
    }
    if (url.pathname === '/frame') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Stock</title><p id="stock">Stock: checking…</p>
<script>
console.log('stock widget ready');
fetch('/frame-api/stock').then((r) => { document.getElementById('stock').textContent = 'Stock: ' + r.status; });
</script>`);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise((resolve) => stock.listen(0, '127.0.0.1', () => resolve(null)));
  const stockPort = /** @type {import('node:net').AddressInfo} */ (stock.address()).port;
  const frameOrigin = `http://localhost:${stockPort}`;

  const shop = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/orders' && req.method === 'POST') {
      req.resume();
      req.on('end', () => {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ORDER_ERROR));
      });
      return;
    }
    if (url.pathname === '/api/stock') {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(STOCK_ERROR));
      return;
    }
    if (url.pathname === '/app.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end('body { font-family: sans-serif; margin: 2rem; } iframe { border: 1px solid #999; height: 4rem; }');
      return;
    }
    if (url.pathname === '/logo.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#36c"/></svg>');
      return;
    }
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Order form</title>
<link rel="stylesheet" href="/app.css"><link rel="icon" href="/favicon.ico"></head>
<body><img src="/logo.svg" alt="Shop" width="40" height="40"><h1>Order</h1>
<form id="order"><label>Quantity <input id="qty" name="qty" type="number" value="3"></label>
<button id="place" type="button">Place order</button></form>
<p id="status">Ready to order.</p>
<iframe src="${frameOrigin}/frame" title="Stock"></iframe>
<script>
document.getElementById('place').addEventListener('click', async () => {
  document.getElementById('status').textContent = 'Placing order…';
  const started = performance.now();
  const response = await fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ qty: Number(document.getElementById('qty').value) }) });
  await response.json();
  console.warn('Stock service slow: answered in ' + Math.round(performance.now() - started) + ' ms');
  document.getElementById('status').textContent = 'Could not place order.';
  // The summary the page expected is not there: an uncaught TypeError, outside any promise.
  setTimeout(() => { const summary = document.querySelector('#summary'); summary.total; }, 0);
  // A later stock check, possibly related to the click: a warning and a 503.
  setTimeout(async () => {
    console.warn('Stock check retried');
    const retry = await fetch('/api/stock?retry=1');
    document.getElementById('status').textContent = 'Could not place order. Stock: ' + retry.status + '.';
  }, ${RETRY_AFTER_MS});
});
console.info('order form ready');
</script></body></html>`);
      return;
    }
    // The favicon, and anything else: not here.
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise((resolve) => shop.listen(0, '127.0.0.1', () => resolve(null)));
  const shopPort = /** @type {import('node:net').AddressInfo} */ (shop.address()).port;
  return {
    url: `http://127.0.0.1:${shopPort}`,
    frameOrigin,
    close: async () => {
      await new Promise((resolve) => shop.close(resolve));
      await new Promise((resolve) => stock.close(resolve));
    },
  };
}

/**
 * Every item of a paged `bsk debug <action> --json` list, merged by id as its pages say to.
 * @param {string} home
 * @param {string} session
 * @param {string} action
 * @param {string[]} extra
 * @returns {Promise<any[]>}
 */
async function allItems(home, session, action, ...extra) {
  /** @type {Map<string, any>} */
  const byId = new Map();
  /** @type {number | undefined} */
  let since;
  for (;;) {
    const page = await bskJson(home, 'debug', action, '--session', session, '--limit', '100', ...extra,
      ...(since === undefined ? [] : ['--since', String(since)]));
    for (const item of page.items) byId.set(item.id, item);
    if (page.items.length === 0 || page.next_since === undefined) return [...byId.values()];
    since = page.next_since;
  }
}

/**
 * How many of `items` fall under each key.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => string} key
 * @returns {Record<string, number>}
 */
function tally(items, key) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/**
 * The number a text says, by the pattern's first group: "7 requests shown of 9" → 7.
 * @param {string} text
 * @param {RegExp} pattern
 */
function numberIn(text, pattern) {
  const match = pattern.exec(text);
  assert.ok(match, `${JSON.stringify(text)} says ${pattern}`);
  return Number(match[1].replace(/\D/g, ''));
}

/** @param {import('playwright-core').Locator} locator */
async function textOf(locator) {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/**
 * The elements a person sees (laid out, not inside a closed `<details>`), as their texts.
 * @param {import('playwright-core').Locator} locator
 */
async function visibleTexts(locator) {
  return locator.evaluateAll((els) => els.filter((el) => el.checkVisibility()).map((el) => /** @type {HTMLElement} */ (el).innerText.replace(/\s+/g, ' ').trim()));
}

/** A console entry's level as the CLI and the page's level menu name it. */
function levelOf(/** @type {any} */ entry) {
  return entry.level === 'warn' ? 'warning' : String(entry.level);
}

/** A console warning as an operation's count counts it: not an error nor an exception. */
function isWarning(/** @type {any} */ entry) {
  return levelOf(entry) === 'warning' && entry.kind !== 'exception';
}

/**
 * A screenshot of the window as a person sees it, 1280×800, scrolled so `top` (when given)
 * starts the screen.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {import('playwright-core').Locator} [top]
 */
async function shoot(page, name, top) {
  assert.equal(await page.evaluate(() => `${innerWidth}×${innerHeight}`), '1280×800');
  await page.mouse.move(1279, 799);
  if (top) await top.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifactsDir(), `counts-agree-${name}.png`) });
}

/** @type {Awaited<ReturnType<typeof serveOrderForm>>} */
let site;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;
/** @type {import('playwright-core').Page} */
let page;
const home = stateDir();
/** @type {string[]} */
const pageErrors = [];
/** What the CLI says of the capture, read once it stopped. */
const cli = /** @type {{
 *   runId: string, status: any, problems: any[], operations: any[], operationsAll: any[],
 *   details: Map<string, any>, requests: any[], console: any[], pages: any[], summary: any,
 * }} */ ({});

before(async () => {
  site = await serveOrderForm();
  // The extension as it is in this tree (not the copy built into the binary): the page under test.
  browser = await launchBrowser({ home, extensionDir: EXTENSION_DIR });
  await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
  const session = await bsk(home, 'session', 'start', '--name', 'counts agree');
  await waitFor('the extension link', async () =>
    (await bskJson(home, 'status')).browser.extension.state === 'connected', WAIT_MS);

  // The capture, driven as an agent drives it: open the form, place the order, wait for its answer.
  cli.runId = await bsk(home, 'debug', 'start', '--session', session, '--name', 'Counts agree', '--quiet');
  await bsk(home, 'navigate', `${site.url}/`, '--session', session);
  await waitFor('the favicon and the iframe’s own call', async () => {
    const urls = (await allItems(home, session, 'requests')).map((r) => r.url);
    return urls.includes(`${site.url}/favicon.ico`) && urls.includes(`${site.frameOrigin}/frame-api/stock`);
  }, WAIT_MS);
  await bsk(home, 'click', '#place', '--session', session);
  await bsk(home, 'wait', '--text', 'Stock: 503.', '--session', session);
  await waitFor('the warnings and the uncaught exception', async () => {
    const entries = await allItems(home, session, 'console');
    return entries.some((c) => c.kind === 'exception') && entries.filter(isWarning).length === 2;
  }, WAIT_MS);
  await bsk(home, 'debug', 'stop', '--session', session, '--quiet');

  // The CLI's reads of the stopped capture.
  [cli.status] = await bskJson(home, 'debug', 'status', '--session', session);
  cli.problems = (await bskJson(home, 'debug', 'problems', '--session', session)).problems;
  cli.operations = await allItems(home, session, 'operations');
  cli.operationsAll = await allItems(home, session, 'operations', '--all');
  cli.details = new Map();
  for (const op of cli.operations) cli.details.set(op.id, await bskJson(home, 'debug', 'operation', op.id, '--session', session));
  cli.requests = await allItems(home, session, 'requests');
  cli.console = await allItems(home, session, 'console');
  cli.pages = (await bskJson(home, 'debug', 'pages', '--session', session)).pages;
  cli.summary = await bskJson(home, 'debug', 'summary', '--session', session);

  // The page, from the extension's history once the final checkpoint is there.
  page = await browser.browser.contexts()[0].newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(browser.evidenceUrl());
  await waitFor('the stopped record in history', async () => {
    await page.reload();
    const state = page.locator(`li.record[data-run="${cli.runId}"] .state`);
    await state.waitFor({ timeout: 2_000 });
    return (await state.innerText()) === 'stopped';
  }, WAIT_MS);
});

after(async () => {
  await bsk(home, 'daemon', 'stop').catch(() => {});
  await browser?.close();
  await site?.close();
});

describe('the evidence page and the CLI count the same capture alike', () => {
  test('the capture holds what the story needs: the 422 with its code, the exception, the warning, the 404 favicon, the iframe’s call', () => {
    assert.equal(cli.status.run_id, cli.runId);
    assert.equal(cli.status.state, 'stopped');
    const order = cli.problems.find((p) => p.request_id && cli.requests.find((r) => r.id === p.request_id)?.url === `${site.url}/api/orders`);
    assert.ok(order, `a problem for POST /api/orders: ${JSON.stringify(cli.problems)}`);
    assert.equal(order.kind, 'status');
    assert.equal(order.code, 'QTY_EXCEEDS_STOCK');
    assert.ok(cli.problems.some((p) => p.kind === 'exception' && /TypeError/.test(p.summary)), 'the uncaught TypeError is a problem');
    // The later stock check falls in the click's possibly related window, as the CLI places it.
    const retry = cli.problems.find((p) => p.code === STOCK_ERROR.error.code);
    assert.equal(retry?.after?.immediate, false, JSON.stringify(retry));
    assert.equal(retry?.after?.operation_id, cli.operations[1]?.id);
    assert.ok(cli.operations[1].possibly_related_requests >= 1 && cli.operations[1].possibly_related_console >= 1, JSON.stringify(cli.operations[1]));
    assert.ok(cli.console.some(isWarning), 'the warning is in the console');
    const favicon = cli.requests.find((r) => r.url === `${site.url}/favicon.ico`);
    assert.equal(favicon?.status, 404);
    assert.ok(cli.requests.some((r) => r.url === `${site.frameOrigin}/frame-api/stock` && r.target_id !== cli.status.tab_id), 'the iframe’s own call, from its own target');
    assert.ok(cli.requests.length >= 8, `requests: ${cli.requests.map((r) => r.url).join(' ')}`);
    assert.equal(cli.operations.length, 2, 'navigate and click');
    // Static requests are folded by the CLI's operation windows: the stylesheet and the image.
    const folded = cli.operationsAll.reduce((n, o) => n + o.immediate_requests + o.possibly_related_requests, 0)
      - cli.operations.reduce((n, o) => n + o.immediate_requests + o.possibly_related_requests, 0);
    assert.equal(folded, 2, 'the CLI folds the stylesheet and the image');
  });

  test('the history row counts what the CLI lists', async () => {
    const row = page.locator(`li.record[data-run="${cli.runId}"]`);
    const meta = await row.locator('.row-meta > span').allInnerTexts();
    const said = (/** @type {RegExp} */ pattern) => {
      const text = meta.find((t) => pattern.test(t));
      assert.ok(text, `the row says ${pattern}: ${meta.join(' · ')}`);
      return numberIn(text, pattern);
    };
    assert.equal(said(/^(\d[\d,. ]*) problems?$/), cli.problems.length, 'problems');
    assert.equal(said(/^(\d[\d,. ]*) requests?$/), cli.requests.length, 'requests');
    assert.equal(said(/^(\d[\d,. ]*) console entr(?:y|ies)$/), cli.console.length, 'console entries');
    assert.equal(said(/^(\d[\d,. ]*) operations?$/), cli.operations.length, 'operations');
    assert.equal(await textOf(row.locator('.row-problem')), `First problem: ${cli.problems[0].summary}`);
    await shoot(page, 'history');
  });

  test('opened from history: the tabs count what debug status and the lists hold', async () => {
    await page.locator(`li.record[data-run="${cli.runId}"] a.row-title`).click();
    await page.locator('article.op').first().waitFor();
    assert.equal(page.url(), browser.evidenceUrl(cli.runId));
    /** @type {Record<string, number>} */
    const tabs = {};
    for (const tab of await page.locator('nav.tabs a').all()) {
      const words = await textOf(tab);
      const count = tab.locator('.tab-count');
      if (await count.count()) tabs[words.replace(/\s*[\d,. ]+$/, '')] = numberIn(await count.innerText(), /(\d[\d,. ]*)/);
    }
    assert.equal(tabs.Timeline, cli.operations.length);
    assert.equal(tabs.Timeline, cli.status.operations);
    assert.equal(tabs.Requests, cli.requests.length);
    assert.equal(tabs.Requests, cli.status.requests);
    assert.equal(tabs.Console, cli.console.length);
    assert.equal(tabs.Console, cli.status.console);
    assert.equal(tabs['Page context'], cli.pages.length);
    assert.equal(tabs['Page context'], cli.status.pages);
    // Nothing fell outside every operation, as the CLI's windows count too: the timeline's
    // note names none, and the windows hold every request and entry the lists hold.
    assert.doesNotMatch(await textOf(page.locator('.timeline .section-note')), /fall outside every operation/);
    assert.equal(cli.operationsAll.reduce((n, o) => n + o.immediate_requests + o.possibly_related_requests, 0), cli.requests.length);
    assert.equal(cli.operations.reduce((n, o) => n + o.immediate_console + o.possibly_related_console, 0), cli.console.length);
    await shoot(page, 'first-screen');
  });

  test('the Problems rows are the CLI’s problems, one for one, tallied alike', async () => {
    await page.goto(browser.evidenceUrl(cli.runId));
    const section = page.locator('section.problems');
    await section.locator('a.problem').first().waitFor();
    // Rows past the first few are behind "Show N more problems": open it, as a person would.
    const more = section.locator('details.problems-more');
    if (await more.count()) await more.locator('summary').click();
    const rows = section.locator('a.problem');
    const shown = await rows.evaluateAll((els) => els.filter((el) => el.checkVisibility()).map((el) => /** @type {HTMLElement} */ (el).dataset.problem));
    assert.equal(shown.length, cli.problems.length, 'as many rows as bsk debug problems lists');
    assert.deepEqual(shown, cli.problems.map((p) => p.request_id ?? p.console_id), 'the same problems, in the same order');
    // Each row follows the operation the CLI says it followed, in its window or after it.
    assert.deepEqual(
      await rows.evaluateAll((els) => els.map((el) => /** @type {HTMLElement | null} */ (el.querySelector('.problem-after'))?.innerText ?? null)),
      cli.problems.map((p) => (p.after ? `${p.after.immediate ? 'after' : 'possibly related to'} ${p.after.label}` : null)));

    const heading = await textOf(section.locator('#problems-title'));
    const kinds = tally(cli.problems, (p) => p.kind);
    for (const [kind, words] of /** @type {const} */ ([
      ['failed', 'failed requests?'], ['status', 'error responses?'], ['exception', 'uncaught exceptions?'], ['console_error', 'console errors?'],
    ])) {
      const match = new RegExp(`(\\d+) ${words}(?:,|$)`).exec(heading);
      assert.equal(match ? Number(match[1]) : 0, kinds[kind] ?? 0, `${kind} in “${heading}”`);
    }
    // The 422 says the server's code and message.
    const order = rows.filter({ hasText: '/api/orders' });
    assert.equal(await textOf(order.locator('.problem-said')), `${ORDER_ERROR.error.code} ${ORDER_ERROR.error.message}`);
    // The iframe's call is named by its frame.
    assert.equal(await textOf(rows.filter({ hasText: '/frame-api/stock' }).locator('.problem-frame')), `from frame ${site.frameOrigin}/frame`);
  });

  test('each operation shows the errors, warnings and requests the CLI counts in its windows', async () => {
    await page.goto(browser.evidenceUrl(cli.runId));
    const articles = page.locator('article.op');
    await articles.first().waitFor();
    assert.equal(await articles.count(), cli.operations.length);
    // The Problems rows per operation, as the page words them ("after click button …").
    const rowsAfter = tally(await visibleTexts(page.locator('section.problems a.problem .problem-after')), (t) => t);
    let sawError = false;
    for (const [i, op] of cli.operations.entries()) {
      const article = articles.nth(i);
      assert.equal(await article.getAttribute('id'), `op-${op.id}`);
      assert.equal(cli.operationsAll[i].id, op.id);
      const detail = cli.details.get(op.id);
      const windowed = [...detail.immediate.console, ...detail.possibly_related.console];
      const expected = {
        errors: cli.problems.filter((p) => p.after?.operation_id === op.id).length,
        warnings: windowed.filter(isWarning).length,
        requests: op.immediate_requests + op.possibly_related_requests,
      };
      const pills = await article.locator('.op-counts .op-count').allInnerTexts();
      const pill = (/** @type {RegExp} */ pattern) => numberIn(pills.find((t) => pattern.test(t)) ?? '', pattern);
      const shown = {
        errors: pill(/^(\d+) errors?$/),
        warnings: pill(/^(\d+) warnings?$/),
        requests: pill(/^(\d+) requests?$/),
      };
      assert.deepEqual(shown, expected, `${op.id} (${op.name}): the pills ${pills.join(', ')} against the CLI`);
      sawError ||= expected.errors > 0;
      // The page's own Problems rows after this operation agree with its pill.
      const label = cli.problems.find((p) => p.after?.operation_id === op.id)?.after.label;
      if (label) {
        const after = Object.entries(rowsAfter).filter(([text]) => text.endsWith(label)).reduce((n, [, k]) => n + k, 0);
        assert.equal(after, shown.errors, `${op.id}: Problems rows after “${label}”`);
      }

      // Each window's heading and list, against `debug operations` and `debug operation`.
      for (const [kind, requests, entries, all, cliList] of /** @type {const} */ ([
        ['immediate', op.immediate_requests, op.immediate_console, cli.operationsAll[i].immediate_requests, detail.immediate],
        ['related', op.possibly_related_requests, op.possibly_related_console, cli.operationsAll[i].possibly_related_requests, detail.possibly_related],
      ])) {
        assert.equal(cliList.requests.length, requests, `${op.id} ${kind}: debug operation lists what debug operations counts`);
        assert.equal(cliList.console.length, entries);
        const section = article.locator(`.window-${kind}`);
        if (!(await section.count())) {
          assert.equal(all + entries, 0, `${op.id}: no ${kind} window on the page, nothing in the CLI's`);
          continue;
        }
        const heading = await textOf(section.locator('h4'));
        assert.equal(numberIn(heading, /— (\d+) requests?,/), requests, `${op.id} ${kind}: ${heading}`);
        assert.equal(numberIn(heading, /, (\d+) console entr/), entries, `${op.id} ${kind}: ${heading}`);
        assert.equal(await section.locator('.mini-requests > li').count(), requests, `${op.id} ${kind}: rows listed`);
        assert.equal(await section.locator('.mini-console > li').count(), entries, `${op.id} ${kind}: entries listed`);
        const folded = section.locator('.window-folded');
        const foldedShown = (await folded.count()) ? numberIn(await textOf(folded), /^(\d+) static/) : 0;
        assert.equal(foldedShown, all - requests, `${op.id} ${kind}: folded, as debug operations --all counts them`);
      }
    }
    assert.ok(sawError, 'some operation has errors');
    // Folded requests shown: each window lists what `debug operations --all` counts.
    await page.locator('.window-folded button', { hasText: 'Show them' }).first().click();
    await page.locator('.window-folded button', { hasText: 'Hide folded requests' }).first().waitFor();
    for (const [i, op] of cli.operationsAll.entries()) {
      for (const [kind, all] of /** @type {const} */ ([['immediate', op.immediate_requests], ['related', op.possibly_related_requests]])) {
        const listed = articles.nth(i).locator(`.window-${kind} .mini-requests > li`);
        assert.equal(await listed.count(), all, `${op.id} ${kind}, folded requests shown`);
      }
    }
    await page.locator('.window-folded button', { hasText: 'Hide folded requests' }).first().click();
    await page.locator('.window-folded button', { hasText: 'Show them' }).first().waitFor();
    // A failing favicon is a problem, listed in its window, never folded as static.
    assert.equal(await page.locator('.mini-requests a', { hasText: '/favicon.ico' }).count(), 1, 'the 404 favicon is listed in the timeline');
    await shoot(page, 'timeline-navigate', articles.nth(0));
    await shoot(page, 'timeline-click', articles.nth(1));
  });

  test('the Requests tab counts what debug requests lists, folded and unfolded, and by frame', async () => {
    await page.goto(`${browser.evidenceUrl(cli.runId)}&tab=requests`);
    const rows = page.locator('ul.requests > li');
    await rows.first().waitFor();
    const summary = page.locator('#request-count');
    const foldedByCli = cli.operationsAll.reduce((n, o) => n + o.immediate_requests + o.possibly_related_requests, 0)
      - cli.operations.reduce((n, o) => n + o.immediate_requests + o.possibly_related_requests, 0);

    // Folded (the default): every request counted, static ones behind the toggle.
    const folded = await textOf(summary);
    assert.equal(numberIn(folded, /shown of (\d[\d,. ]*)/), cli.requests.length, folded);
    assert.equal(numberIn(folded, /^(\d[\d,. ]*) requests? shown/), await rows.count(), folded);
    assert.equal(await rows.count(), cli.requests.length - foldedByCli, 'the rows are the requests less the static ones');
    const toggle = page.locator('button.fold-toggle');
    assert.equal(numberIn(await textOf(toggle), /^Show (\d+) static requests?$/), foldedByCli);
    // The failing favicon is listed, not folded: its 404 on its row.
    const favicon = rows.filter({ hasText: '/favicon.ico' });
    assert.equal(await favicon.count(), 1, 'the 404 favicon is on the folded list');
    assert.equal(await favicon.locator('.req-status').innerText(), '404');
    assert.equal(await favicon.locator('a.req.folded, .badge.folded').count(), 0, 'not marked folded');
    await shoot(page, 'requests', page.locator('.requests-section .list-line'));

    // Unfolded: every request the CLI lists, one row each.
    await toggle.click();
    await page.waitForFunction((n) => document.querySelectorAll('ul.requests > li').length === n, cli.requests.length);
    const unfolded = await textOf(summary);
    assert.equal(numberIn(unfolded, /^(\d[\d,. ]*) requests? shown/), cli.requests.length, unfolded);
    assert.equal(numberIn(unfolded, /shown of (\d[\d,. ]*)/), cli.requests.length, unfolded);
    // Statuses, as a multiset: the same answers.
    const statuses = (await page.locator('ul.requests .req-status').allInnerTexts()).sort();
    assert.deepEqual(statuses, cli.requests.map((r) => (r.state === 'failed' ? 'failed' : r.status === undefined || r.status === null ? '—' : String(r.status))).sort());
    await shoot(page, 'requests-unfolded', page.locator('.requests-section .list-line'));

    // By frame: the page's own document and the iframe, as the CLI's target ids split them.
    const options = await page.locator('#request-frame option').allInnerTexts();
    const own = cli.requests.filter((r) => r.target_id === cli.status.tab_id).length;
    const framed = cli.requests.length - own;
    assert.ok(framed > 0, 'the iframe made requests');
    assert.equal(numberIn(options.find((o) => o.startsWith('this page')) ?? '', /\((\d+)\)$/), own, options.join(' | '));
    assert.equal(numberIn(options.find((o) => o.startsWith(`frame ${site.frameOrigin}/frame`)) ?? '', /\((\d+)\)$/), framed, options.join(' | '));
    // Back to folding for the other pages of this browser.
    await page.locator('button.fold-toggle').click();
  });

  test('the Traffic summary counts what debug summary counts', async () => {
    await page.goto(`${browser.evidenceUrl(cli.runId)}&tab=summary`);
    const rows = page.locator('table.summary-table tbody tr');
    await rows.first().waitFor();
    const routes = cli.summary.routes.length + (cli.summary.other ? 1 : 0);
    assert.ok(cli.summary.routes.length > 0 && cli.summary.requests > 0, JSON.stringify(cli.summary));
    assert.equal(numberIn(await textOf(page.locator('nav.tabs a', { hasText: 'Traffic' }).locator('.tab-count')), /(\d[\d,. ]*)/), routes);
    assert.equal(await rows.count(), routes, 'a row per route');
    const headline = await textOf(page.locator('#summary-headline'));
    assert.equal(numberIn(headline, /^(\d[\d,. ]*) requests? since the capture started/), cli.summary.requests, headline);
    assert.equal(numberIn(headline, /· (\d[\d,. ]*) routes?/), cli.summary.routes.length, headline);
    assert.equal(numberIn(headline, /· (\d[\d,. ]*) retained/), cli.status.requests, headline);
    // The Count column adds up to what debug summary counts.
    const counts = await page.locator('table.summary-table tbody tr > td:nth-child(2)').allInnerTexts();
    assert.equal(counts.reduce((n, t) => n + Number(t.replace(/\D/g, '')), 0), cli.summary.routes.reduce((/** @type {number} */ n, /** @type {any} */ r) => n + r.count, 0) + (cli.summary.other?.count ?? 0));
    await shoot(page, 'summary', page.locator('.summary-card'));
  });

  test('the Console tab counts what debug console lists, by level and by source', async () => {
    await page.goto(`${browser.evidenceUrl(cli.runId)}&tab=console`);
    const entries = page.locator('.console-section li.log');
    await entries.first().waitFor();
    assert.equal(await entries.count(), cli.console.length);

    const levels = tally(cli.console, levelOf);
    assert.ok((levels.error ?? 0) >= 1 && (levels.warning ?? 0) >= 1, JSON.stringify(levels));
    /** @type {Record<string, number>} */
    const menu = {};
    for (const option of await page.locator('#console-level option').allInnerTexts()) {
      const match = /^(\w+) \((\d[\d,. ]*)\)$/.exec(option.trim());
      if (match) menu[match[1]] = Number(match[2].replace(/\D/g, ''));
    }
    assert.deepEqual(menu, levels, 'the level menu counts each level as debug console lists it');

    const sources = tally(cli.console, (c) => String(c.source));
    const chooser = await page.locator('.source-chooser a').allInnerTexts();
    for (const [label, key] of [['Website', 'website'], ['Extension', 'extension'], ['Browser', 'browser'], ['Unknown', 'unknown']]) {
      assert.equal(numberIn(chooser.find((t) => t.startsWith(label)) ?? '', /(\d[\d,. ]*)$/), sources[key] ?? 0, `${label}: ${chooser.join(' | ')}`);
    }
    assert.equal(numberIn(chooser.find((t) => t.startsWith('All sources')) ?? '', /(\d[\d,. ]*)$/), cli.console.length);

    // By frame: the page's own entries and the iframe's, as the CLI's target ids split them.
    const frames = await page.locator('#console-frame option').allInnerTexts();
    const own = cli.console.filter((c) => c.target_id === cli.status.tab_id).length;
    assert.ok(cli.console.length - own > 0, 'the iframe logged');
    assert.equal(numberIn(frames.find((o) => o.startsWith('this page')) ?? '', /\((\d+)\)$/), own, frames.join(' | '));
    assert.equal(numberIn(frames.find((o) => o.startsWith(`frame ${site.frameOrigin}/frame`)) ?? '', /\((\d+)\)$/), cli.console.length - own, frames.join(' | '));
    await shoot(page, 'console', page.locator('.console-narrowing'));

    // Narrowed to each level, the entries a person sees are that level's.
    for (const [level, n] of Object.entries(levels)) {
      await page.locator('#console-level').selectOption(level);
      await page.waitForFunction((k) => document.querySelectorAll('.console-section li.log').length === k, n);
      assert.equal(await entries.count(), n, level);
    }
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the evidence page');
  });
});
