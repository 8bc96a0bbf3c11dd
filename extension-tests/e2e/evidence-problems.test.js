// @ts-check
// The record explains itself, read as a person who was not there reads it: an order form whose
// Place order button got a 422 with the server's error code and message, an uncaught TypeError
// and a cross-site iframe whose own call failed (fixtures/order-form.js, with the problems,
// counts, page after and text change the daemon computes). The first screen at 1280×800 says
// which action failed by its element's name, what the server said and the exception; one click
// shows the response body; every count on the page equals the record's; the iframe is named by
// its origin and path. Screenshots go to target/extension-artifacts as evidence-problems-*.png.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EXCEPTION, FRAME, FRAME_SITE, orderFormDocument } from '../fixtures/order-form.js';
import {
  artifactsDir, evidenceUrl, fixture, launchWithExtension, openEvidence, rebased, seed, serviceWorker,
} from './support.js';

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {string[]} */
const pageErrors = [];
const base = rebased(fixture('save-fails.json'), Date.now() - 10 * 60_000);
const order = orderFormDocument(base, { startedAt: Date.now() - 5 * 60_000 });
/** The same capture saved by a bsk that did not list problems: nothing is computed for it. */
const older = (() => {
  const doc = rebased(fixture('save-fails.json'), Date.now() - 20 * 60_000, { run_id: 'before-problems', name: 'Before problems' });
  delete doc.problems;
  return doc;
})();
const hash = `#run=${order.run.run_id}`;

before(async () => {
  browser = await launchWithExtension({ viewport: { width: 1280, height: 800 } });
  const acks = await seed(await serviceWorker(browser.context), older, order);
  assert.ok(acks.every((ack) => ack?.ok !== false), JSON.stringify(acks));
});

after(async () => {
  await browser?.close();
});

/**
 * Whether an element lies wholly inside the window as it is scrolled.
 * @param {import('playwright-core').Locator} locator
 */
async function inView(locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  });
}

/** @param {import('playwright-core').Locator} locator */
async function textOf(locator) {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

describe('the record explains itself', () => {
  test('the first screen at 1280×800 names the action, the server’s code and message, and the exception', async () => {
    const page = await openEvidence(browser.context, pageErrors, hash);
    const problems = page.locator('section.problems');
    await problems.locator('a.problem').first().waitFor();
    assert.equal(await page.evaluate(() => [innerWidth, innerHeight].join('×')), '1280×800');
    assert.equal(await problems.locator('a.problem').count(), order.problems.length);
    assert.equal(await textOf(problems.locator('h2')), 'Problems — 3 error responses, 1 uncaught exception');

    const placed = problems.locator('a.problem', { hasText: '/api/orders' });
    for (const part of [placed.locator('.problem-code'), placed.locator('.problem-said .problem-message'), placed.locator('.problem-after')]) {
      assert.ok(await inView(part), `${await part.innerText()} is on the first screen`);
    }
    assert.equal(await textOf(placed.locator('.problem-line')), 'POST /api/orders 422 Unprocessable Entity');
    assert.equal(await textOf(placed.locator('.problem-said')), 'QTY_EXCEEDS_STOCK Only 2 left');
    assert.equal(await textOf(placed.locator('.problem-after')), 'after click button "Place order"');
    assert.match(await textOf(placed.locator('.problem-context')), /also logged by the browser/);
    // Readable in a screenshot: the server's words at the body's size, never cut.
    const size = await placed.locator('.problem-said').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const body = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    assert.ok(size >= body, `the code and message are ${size} px, the body text ${body} px`);
    const cut = await problems.locator('a.problem *').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible').length);
    assert.equal(cut, 0, 'no part of a row is cut');

    const thrown = problems.locator('a.problem', { hasText: 'TypeError' });
    assert.ok(await inView(thrown.locator('.problem-said')), 'the exception is on the first screen');
    assert.equal(await textOf(thrown.locator('.problem-said')), `uncaught ${EXCEPTION}`);
    assert.match(await textOf(thrown.locator('.problem-source')), /^at http:\/\/a\.localhost:4321\/:12:38$/);
    assert.equal(await textOf(thrown.locator('.problem-after')), 'after click button "Place order"');

    // The iframe's failure is named by the frame's origin and path, never by a target id.
    const framed = problems.locator('a.problem', { hasText: '/frame-api/broken' });
    assert.equal(await textOf(framed.locator('.problem-frame')), `from frame ${FRAME_SITE}/frame`);
    assert.doesNotMatch(await framed.innerText(), new RegExp(FRAME));
    // The zone is said once, in the header.
    assert.match(await textOf(page.locator('.record-head .zone-words')), /^Times in \S+, 24-hour/);
    await page.close();
  });

  test('one click on a request’s problem opens its response body in view; an exception’s, its entry highlighted', async () => {
    const page = await openEvidence(browser.context, pageErrors, hash);
    await page.locator('a.problem', { hasText: 'QTY_EXCEEDS_STOCK' }).click();
    const response = page.locator('.request-detail [data-part="response_body"]');
    const text = response.locator('pre.body-text');
    await text.waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('.request-detail [data-part="response_body"] pre.body-text')?.getBoundingClientRect();
      return !!box && box.top >= 0 && box.bottom <= innerHeight;
    });
    assert.match(await text.innerText(), /"code": "QTY_EXCEEDS_STOCK"/);
    assert.ok(await inView(page.locator('.request-detail h2')), 'the request it is stays in view above its body');
    assert.match(page.url(), /request=r6&part=response_body/);

    await page.goBack();
    await page.locator('a.problem', { hasText: 'TypeError' }).click();
    const entry = page.locator('li.log.targeted');
    await entry.waitFor();
    assert.match(await entry.innerText(), /TypeError/);
    assert.ok(await inView(entry), 'the console entry is in view');
    // Narrowing the console after landing there is the reader's choice, kept.
    await page.locator('#console-level').selectOption('warning');
    await page.waitForFunction(() => document.querySelectorAll('.console-section li.log').length === 1);
    assert.doesNotMatch(page.url(), /entry=/);
    await page.close();
  });

  test('every count equals the record’s: the Problems rows in each operation’s window, its requests as the CLI counts them', async () => {
    const page = await openEvidence(browser.context, pageErrors, hash);
    const ops = page.locator('article.op');
    await ops.nth(1).waitFor();
    for (const [i, op] of order.operations.entries()) {
      const article = ops.nth(i);
      const rows = order.problems.filter((/** @type {any} */ p) => p.after?.operation_id === op.id).length;
      assert.equal(op.counts.errors, rows, `${op.id}: the fixture's counts agree with its problems`);
      const pills = await article.locator('.op-counts .op-count').allInnerTexts();
      assert.deepEqual(pills, [
        `${rows} ${rows === 1 ? 'error' : 'errors'}`,
        `${op.counts.warnings} ${op.counts.warnings === 1 ? 'warning' : 'warnings'}`,
        `${op.counts.requests - op.counts.folded} ${op.counts.requests - op.counts.folded === 1 ? 'request' : 'requests'}`,
      ]);
      // The windows list what bsk debug operations lists: folded requests said, not listed.
      const heading = await textOf(article.locator('.window-immediate h4'));
      assert.match(heading, new RegExp(`— ${op.counts.requests - op.counts.folded} requests?, ${op.counts.console} console entr`));
      assert.equal(await article.locator('.window-immediate .mini-requests > li').count(), op.counts.requests - op.counts.folded);
      if (op.counts.folded) assert.match(await textOf(article.locator('.window-folded')), /^1 static request folded/);
    }
    // A failing favicon is a problem, never folded as static.
    assert.equal(await ops.nth(0).locator('.mini-requests a', { hasText: '/favicon.ico' }).count(), 1);

    // The page after the click is the page once its window closed, and what it changed.
    const click = ops.nth(1);
    assert.deepEqual(await click.locator('.text-change-lines li').allInnerTexts(), ['+ Could not place order.', '− Ready to order.']);
    await click.getByText('Page after the operation').click();
    assert.match(await textOf(click.locator('pre.page-text')), /Could not place order\./);
    assert.doesNotMatch(await textOf(click.locator('pre.page-text')), /Placing order/);
    // The navigate's page after is the click's before-state.
    await ops.nth(0).getByText('Page after the operation').click();
    assert.match(await textOf(ops.nth(0).locator('pre.page-text')), /Ready to order\./);
    await page.close();
  });

  test('requests and console name the iframe by origin and path, filter by frame and level; columns sort with the arrow where they sort', async () => {
    const page = await openEvidence(browser.context, pageErrors, `${hash}&tab=requests`);
    const rows = page.locator('ul.requests > li');
    await rows.first().waitFor();
    const framed = rows.filter({ hasText: '/frame-api/broken' });
    const label = framed.locator('.frame-label');
    assert.equal(await label.innerText(), `frame ${FRAME_SITE}/frame`);
    assert.match(await label.getAttribute('title') ?? '', new RegExp(`target ${FRAME}`));
    assert.doesNotMatch(await framed.innerText(), new RegExp(FRAME));
    // A waterfall bar on each row.
    assert.equal(await page.locator('ul.requests .req-waterfall .waterfall-bar').count(), await rows.count());

    await page.locator('#request-frame').selectOption({ label: `frame ${FRAME_SITE}/frame (1)` });
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 1);
    assert.match(await rows.first().innerText(), /\/frame-api\/broken/);
    await page.locator('#request-frame').selectOption({ label: 'Every frame' });
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 5);

    // Sorted by status, highest first: the arrow on Status and on no other column.
    await page.locator('.req-header').getByRole('button', { name: 'Status' }).click();
    await page.waitForFunction(() => document.querySelector('.req-head[data-sort]')?.classList.contains('req-head-status'));
    assert.equal(await page.locator('.req-head[data-sort]').count(), 1);
    assert.equal(await page.locator('.req-head-status').getAttribute('data-sort'), 'descending');
    assert.deepEqual(await page.locator('ul.requests .req-status').allInnerTexts(), ['500', '422', '404', '200', '200']);
    assert.match(await textOf(page.locator('#request-count')), /by status, failures and highest first\.$/);
    await page.locator('.req-header').getByRole('button', { name: /^Time/ }).click();
    await page.waitForFunction(() => document.querySelector('.req-head[data-sort]')?.classList.contains('req-head-time'));
    assert.deepEqual(await page.locator('ul.requests .req-time').allInnerTexts(), ['90 ms', '66 ms', '60 ms', '50 ms', '6 ms']);

    // The console: the iframe's entries by name, narrowed by frame and by level.
    await page.goto(`${evidenceUrl()}${hash}&tab=console`);
    const entries = page.locator('.console-section li.log');
    await entries.first().waitFor();
    assert.equal(await entries.count(), order.console.length);
    assert.equal(await page.locator('.console-section li.log .frame-label').count(), 2);
    await page.locator('#console-level').selectOption('warning');
    await page.waitForFunction(() => document.querySelectorAll('.console-section li.log').length === 1);
    assert.match(await entries.first().innerText(), /Stock service slow/);
    await page.locator('#console-level').selectOption({ label: 'Every level' });
    await page.locator('#console-frame').selectOption({ label: `frame ${FRAME_SITE}/frame (2)` });
    await page.waitForFunction(() => document.querySelectorAll('.console-section li.log').length === 2);
    await page.close();
  });

  test('a record saved before problems were listed says so where the list would be, and computes none', async () => {
    const page = await openEvidence(browser.context, pageErrors, `#run=${older.run.run_id}`);
    const problems = page.locator('section.problems');
    await problems.waitFor();
    assert.match(await textOf(problems), /This record was saved by a version of bsk that did not list its problems\./);
    assert.equal(await problems.locator('a.problem').count(), 0);
    // Its operations still count what their windows hold.
    await page.locator('article.op .op-counts').first().waitFor();
    await page.close();
  });

  test('screenshots at 400 and 1280 px, light and dark', async () => {
    const page = await openEvidence(browser.context, pageErrors, hash);
    const shots = /** @type {const} */ ([
      ['first-screen', hash, false],
      ['timeline', hash, true],
      ['response', `${hash}&request=r6&part=response_body`, false],
      ['requests', `${hash}&tab=requests`, true],
      ['console', `${hash}&tab=console`, true],
      ['older', `#run=${older.run.run_id}`, false],
    ]);
    for (const scheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 400]) {
        await page.setViewportSize({ width, height: 800 });
        for (const [name, at, full] of shots) {
          await page.goto(`${evidenceUrl()}${at}`);
          await page.locator('.section > *').first().waitFor();
          if (name === 'response') await page.locator('[data-part="response_body"] pre.body-text').waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the window`);
          await page.screenshot({ path: join(artifactsDir(), `evidence-problems-${name}-${scheme}-${width}.png`), fullPage: full });
        }
      }
    }
    await page.close();
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the evidence page');
  });
});
