// @ts-check
// The history list's rows in real Chromium: each record's whole name, its problem count and the
// first problem's line (the same line the popup's task card shows), and one time format, 24-hour
// in the person's zone, said once at the top. History is seeded through bskLink.checkpoint, as
// the daemon does. Screenshots at 400 and 1280 px, light and dark, go to
// target/extension-artifacts as history-rows-*.png.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { WAIT_MS, artifactsDir, evidenceUrl, fixture, launchWithExtension, rebased, seed, serviceWorker } from './support.js';

const MINUTE = 60_000;
const NOW = Date.now();
const FIRST = 'POST http://localhost:3000/api/orders 422 Unprocessable Entity: QTY_EXCEEDS_STOCK Only 2 left';
const LONG_NAME = 'Order form on staging.shop.example.com, quantity over stock, the second attempt with a coupon';

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  browser = await launchWithExtension({ viewport: { width: 1280, height: 900 } });
  const worker = await serviceWorker(browser.context);
  const order = rebased(fixture('save-fails.json'), NOW - 5 * MINUTE, { run_id: 'order-1', name: LONG_NAME });
  order.problems = [
    { kind: 'status', at: NOW - 5 * MINUTE + 900, request_id: 'r6', summary: FIRST },
    { kind: 'exception', at: NOW - 5 * MINUTE + 950, console_id: 'c2', summary: 'Uncaught TypeError: order.total is undefined' },
  ];
  const clean = rebased(fixture('save-fails.json'), NOW - 10 * MINUTE, { run_id: 'clean-2', name: 'Checkout flow' });
  clean.problems = [];
  const old = rebased(fixture('save-fails.json'), NOW - 15 * MINUTE, { run_id: 'old-3', name: 'Saved before problems were listed' });
  await seed(worker, old, clean, order);
});

after(async () => {
  await browser?.close();
});

describe('history rows', () => {
  test('whole names, a problem count per record, the first problem, one time format', async () => {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(evidenceUrl());
    await page.waitForFunction(() => document.querySelectorAll('li.record').length === 3);
    const rows = page.locator('li.record');
    assert.equal(await rows.nth(0).locator('.row-title').innerText(), LONG_NAME);
    assert.equal(await rows.nth(0).locator('.row-problems').innerText(), '2 problems');
    assert.equal(await rows.nth(0).locator('.row-problem').innerText(), `First problem: ${FIRST}`);
    assert.equal(await rows.nth(1).locator('.row-problems').innerText(), 'no problems');
    assert.equal(await rows.nth(1).locator('.row-problem').count(), 0);
    assert.equal(await rows.nth(2).locator('.row-problems').count(), 0, 'not counted is not "none"');

    // 24-hour in the person's locale and zone, the zone said once at the top.
    assert.match(await page.locator('.lede').innerText(), /Times in \S+, 24-hour\./);
    const started = await rows.nth(0).locator('.row-meta span').first().innerText();
    assert.match(started, /^Started .*\b\d\d:\d\d:\d\d$/);
    assert.doesNotMatch(await page.locator('.history-list').innerText(), /\b[AP]M\b|UTC/);

    for (const width of [400, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // The first problem wraps inside its row, never past it.
      const spill = await rows.nth(0).evaluate((row) => row.scrollWidth - row.clientWidth);
      assert.ok(spill <= 0, `at ${width} px the row is ${spill} px wider than its box`);
      for (const scheme of /** @type {const} */ (['light', 'dark'])) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(artifactsDir(), `history-rows-${width}-${scheme}.png`) });
      }
    }
    await page.close();
  });

  test('no uncaught errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
