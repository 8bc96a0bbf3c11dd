// @ts-check
// The popup fits what Chrome shows of a popup (at most 600 px tall) in every state, at its
// 360 px width, and never scrolls as a whole: no daemon, connected without a task, a task
// without a capture, an active capture with problems, right after Stop capture, two tasks, with
// Connection or preferences open, with long names and many records, after the daemon said
// goodbye. Measured: the popup's own height and its content's (the body's scroll height, so a
// popup that only fits by hiding or scrolling its content fails), that no part spills out of its
// box, and that what the state is about is in view. The daemon is played by the test, with the
// exact calls it makes (bskLink.heartbeat, bskLink.checkpoint, bskLink.goodbye, and answers to
// bskDaemon). Screenshots of each state at its real size, light and dark, go to
// target/extension-artifacts as popup-state-*.png.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  EXTENSION_ORIGIN, WAIT_MS, artifactsDir, fixture, launchWithExtension, rebased, seed, serviceWorker,
} from './support.js';

/** What Chrome shows of a popup at most. */
const POPUP_MAX_HEIGHT = 600;
const MINUTE = 60_000;
const NOW = Date.now();

/** The first problem as the daemon words it, long enough to wrap. */
const FIRST_PROBLEM = 'POST http://localhost:3000/api/orders 422 Unprocessable Entity: QTY_EXCEEDS_STOCK Only 2 left of “Walnut desk, oiled, 160 × 80 cm”';

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {import('playwright-core').Worker} */
let worker;
/** @type {string[]} */
const pageErrors = [];

/** An export document with a problem list, as the daemon checkpoints it. */
function withProblems(/** @type {any} */ doc, /** @type {string[]} */ summaries) {
  doc.problems = summaries.map((summary, i) => ({ kind: 'status', at: doc.run.started_at + 1000 + i, request_id: `r${i + 1}`, summary }));
  return doc;
}

before(async () => {
  browser = await launchWithExtension({ viewport: { width: 360, height: 900 } });
  worker = await serviceWorker(browser.context);
  await seed(worker,
    withProblems(rebased(fixture('save-fails.json'), NOW - 30 * MINUTE, { run_id: 'older-1', name: 'Checkout flow' }), []),
    withProblems(rebased(fixture('save-fails.json'), NOW - 20 * MINUTE, { run_id: 'older-2', name: 'Save fails' }), ['POST http://127.0.0.1:18123/api/save 404 Not Found']));
});

after(async () => {
  await browser?.close();
});

/** @param {any[]} sessions */
async function heartbeat(sessions, daemonId = 'd1') {
  const beat = { daemon_id: daemonId, daemon_version: '0.1.0', pid: 42, at: Date.now(), active_runs: sessions.filter((s) => s.capture?.state === 'active').map((s) => s.capture.run_id), sessions };
  await worker.evaluate((b) => /** @type {any} */ (globalThis).bskLink.heartbeat(b), beat);
}

/** An active capture of session s1, saved in history with its problems. */
async function activeCapture(/** @type {string} */ runId) {
  const doc = withProblems(rebased(fixture('save-fails.json'), Date.now() - 30_000, { run_id: runId, name: 'localhost:3000 2026-12-07 17:01:43 UTC', state: 'active', session: 's1' }),
    [FIRST_PROBLEM, 'Uncaught TypeError: Cannot read properties of undefined (reading “total”)']);
  delete doc.run.stopped_at;
  delete doc.run.stop_reason;
  doc.saved_at = Date.now();
  await seed(worker, doc);
}

/**
 * The session the daemon reports, capturing.
 * @param {string} runId
 * @param {'active' | 'stopped'} [state]
 */
const capturing = (runId, state = 'active') => ({
  id: 's1', name: 'Order form', url: 'http://localhost:3000/shop/checkout/order?step=confirm&basket=8f2c41',
  capture: { run_id: runId, name: 'localhost:3000 2026-12-07 17:01:43 UTC', state, requests: 23, console: 4, problems: 2, first_problem: FIRST_PROBLEM },
});

/**
 * Opens the popup, waits for `ready`, lets `prepare` bring it to the state, measures it and
 * shoots it at its real size, light and dark.
 * @param {string} name
 * @param {string} ready a selector that shows the state is drawn
 * @param {{ prepare?: (page: import('playwright-core').Page) => Promise<void>, inView?: string[] }} [options]
 *   `inView`: selectors of what must be in the popup's visible area (default: History's title)
 */
async function measure(name, ready, options = {}) {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
  await page.locator(ready).first().waitFor();
  await page.locator('#history-count').waitFor();
  await options.prepare?.(page);
  const size = await page.evaluate(() => {
    const body = document.body;
    // A part whose content spills out of its box (rather than scrolling inside it) overlaps the
    // next one or is cut by the popup.
    const spills = [...document.querySelectorAll('main, main > *, .qa-entry, .qa-entry > *, .task')]
      .filter((el) => getComputedStyle(el).overflowY === 'visible' && el.scrollHeight > el.clientHeight + 1)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} (${el.scrollHeight} in ${el.clientHeight})`);
    return {
      height: body.getBoundingClientRect().height,
      content: body.scrollHeight,
      hidden: body.scrollHeight - body.clientHeight,
      width: body.getBoundingClientRect().width,
      wide: body.scrollWidth - body.clientWidth,
      spills,
    };
  });
  console.log(`popup ${name}: ${size.height} px tall at ${size.width} px wide`);
  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('body').screenshot({ path: join(artifactsDir(), `popup-state-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(size.width, 360, 'the popup is 360 px wide');
  assert.ok(size.wide <= 0, `${name}: ${size.wide} px wider than the popup`);
  assert.ok(size.height <= POPUP_MAX_HEIGHT, `${name}: the popup is ${size.height} px tall (at most ${POPUP_MAX_HEIGHT})`);
  assert.ok(size.content <= POPUP_MAX_HEIGHT, `${name}: the popup's content is ${size.content} px tall (at most ${POPUP_MAX_HEIGHT})`);
  assert.ok(size.hidden <= 0, `${name}: ${size.hidden} px of the popup's content are cut off`);
  assert.deepEqual(size.spills, [], `${name}: parts spill out of their boxes`);
  for (const selector of options.inView ?? ['#history-title']) {
    const seen = await page.locator(selector).first().evaluate(shown);
    assert.ok(seen.whole, `${name}: ${selector} is in view (${JSON.stringify(seen)})`);
  }
  return page;
}

/**
 * Whether all of `el` is in view: inside the popup and inside every part that scrolls or clips
 * around it.
 * @param {Element} el
 */
function shown(el) {
  const box = el.getBoundingClientRect();
  let top = 0;
  let bottom = document.body.getBoundingClientRect().bottom;
  for (let around = el.parentElement; around; around = around.parentElement) {
    if (getComputedStyle(around).overflowY === 'visible') continue;
    const clip = around.getBoundingClientRect();
    top = Math.max(top, clip.top);
    bottom = Math.min(bottom, clip.bottom);
  }
  return { top: box.top, bottom: box.bottom, from: top, to: bottom, whole: box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1 };
}

/**
 * Unfolds a panel by its summary, as a person clicks it.
 * @param {import('playwright-core').Page} page
 * @param {'#connection' | '#preferences'} panel
 */
async function unfold(page, panel) {
  await page.locator(`${panel} summary`).click();
  await page.waitForFunction((p) => /** @type {HTMLDetailsElement | null} */ (document.querySelector(`${p} details`))?.open === true, panel);
}

describe('popup height', () => {
  test('no daemon', async () => {
    await (await measure('no-daemon', '.connection-off')).close();
  });

  test('connected, without a task', async () => {
    await heartbeat([]);
    await (await measure('no-task', '.connection-on')).close();
  });

  test('a task without a capture', async () => {
    await heartbeat([{ id: 'k2p9', name: 'Checkout', url: 'http://localhost:3000/checkout/payment?step=2' }]);
    await (await measure('task', 'article.task')).close();
  });

  test('an active capture with problems: the count and the first one are in view', async () => {
    await activeCapture('run-x');
    await heartbeat([capturing('run-x')]);
    const page = await measure('capturing', 'article.task-capturing', { inView: ['#history-title', '.task-problem', '.task-actions'] });
    assert.equal(await page.locator('.task-counts').innerText(), '23 requests · 4 console entries');
    assert.equal(await page.locator('.task-problem').getAttribute('title'), FIRST_PROBLEM);
    assert.match(await page.locator('.task-problem').innerText(), /^2 problems — first: POST http:\/\/localhost:3000\/api\/orders 422 Unprocessable Entity: QTY_EXCEEDS_STOCK Only 2 left/);
    await page.close();
  });

  test('right after Stop capture', async () => {
    await activeCapture('run-x');
    await heartbeat([capturing('run-x')]);
    // The daemon's answer to the popup's stop, as it comes through the binding it installs.
    await worker.evaluate(() => {
      /** @type {any} */ (globalThis).bskDaemon = (/** @type {string} */ text) => {
        const { id } = JSON.parse(text);
        setTimeout(() => /** @type {any} */ (globalThis).bskLink.reply({ id, ok: true, result: { run_id: 'run-x' } }), 20);
      };
    });
    try {
      const page = await measure('after-stop', 'article.task-capturing', {
        inView: ['#history-title', '.task-result', '.task-problem'],
        prepare: async (page) => {
          await page.getByRole('button', { name: 'Stop capture for Order form' }).click();
          await page.locator('.task-ok', { hasText: 'Capture stopped.' }).waitFor();
          await heartbeat([capturing('run-x', 'stopped')]);
          await page.locator('article.task .state', { hasText: 'stopped' }).waitFor();
        },
      });
      await page.close();
    } finally {
      await worker.evaluate(() => { delete /** @type {any} */ (globalThis).bskDaemon; });
    }
  });

  test('two tasks, one just stopped: the cards scroll inside themselves, History stays', async () => {
    await worker.evaluate(() => {
      /** @type {any} */ (globalThis).bskDaemon = (/** @type {string} */ text) => {
        const { id } = JSON.parse(text);
        setTimeout(() => /** @type {any} */ (globalThis).bskLink.reply({ id, ok: true, result: { run_id: 'run-x' } }), 20);
      };
    });
    try {
      await activeCapture('run-x');
      await heartbeat([capturing('run-x'), { id: 'k2p9', name: 'Checkout', url: 'http://localhost:3000/checkout/payment?step=2' }]);
      const page = await measure('two-tasks', 'article.task-capturing', {
        prepare: async (page) => {
          await page.getByRole('button', { name: 'Stop capture for Order form' }).click();
          await page.locator('.task-ok', { hasText: 'Capture stopped.' }).waitFor();
        },
      });
      const tasks = await page.locator('#tasks').evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, overflow: getComputedStyle(el).overflowY }));
      assert.equal(tasks.overflow, 'auto', 'the cards scroll inside themselves');
      await page.close();
    } finally {
      await worker.evaluate(() => { delete /** @type {any} */ (globalThis).bskDaemon; });
    }
  });

  test('with Connection open', async () => {
    await activeCapture('run-x');
    await heartbeat([capturing('run-x')]);
    const page = await measure('connection-open', 'article.task-capturing', {
      prepare: (page) => unfold(page, '#connection'),
      inView: ['#connection summary', '#reconnect'],
    });
    await page.close();
  });

  test('with preferences open: the panel scrolls inside itself, its title stays', async () => {
    await activeCapture('run-x');
    await heartbeat([capturing('run-x')]);
    const page = await measure('preferences-open', 'article.task-capturing', {
      prepare: (page) => unfold(page, '#preferences'),
      inView: ['#preferences summary', '#pref-browser-headless'],
    });
    // The last control is reached by scrolling the panel, not the popup.
    await page.getByLabel('Name for captures started here').scrollIntoViewIfNeeded();
    assert.equal(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0), 0, 'the popup itself did not scroll');
    const box = await page.locator('#preferences summary').boundingBox();
    assert.ok(box && box.y >= 0, 'the panel title stays in view');
    await page.close();
  });

  test('with Connection and preferences open', async () => {
    await activeCapture('run-x');
    await heartbeat([capturing('run-x')]);
    const page = await measure('both-open', 'article.task-capturing', {
      prepare: async (page) => {
        await unfold(page, '#connection');
        await unfold(page, '#preferences');
      },
      inView: ['#preferences summary', '#website-debugging-title'],
    });
    await page.close();
  });

  test('long names and many records', async () => {
    const docs = Array.from({ length: 40 }, (_, i) => withProblems(
      rebased(fixture('save-fails.json'), NOW - (60 + i) * MINUTE, { run_id: `many-${i}`, name: `Order form on staging.shop.example.com, quantity over stock, attempt ${i}` }),
      i % 2 ? [FIRST_PROBLEM] : [FIRST_PROBLEM, 'Uncaught TypeError: x is undefined']));
    await seed(worker, ...docs);
    await heartbeat([capturing('run-x')]);
    // Newer than the capture: the three newest are these long ones.
    await seed(worker, ...Array.from({ length: 3 }, (_, i) => withProblems(
      rebased(fixture('save-fails.json'), Date.now() - (i + 1) * 1000, { run_id: `long-${i}`, name: `Order form on staging.shop.example.com, quantity over stock, attempt ${i}` }), [FIRST_PROBLEM])));
    const page = await measure('many-records', 'article.task-capturing');
    const names = await page.locator('.recent-name').allInnerTexts();
    assert.ok(names.includes('Order form on staging.shop.example.com, quantity over stock, attempt 0'), `whole names: ${names}`);
    await page.close();
  });

  test('after the daemon said goodbye', async () => {
    await heartbeat([capturing('run-x')], 'd-gone');
    await worker.evaluate((g) => /** @type {any} */ (globalThis).bskLink.goodbye(g), { daemon_id: 'd-gone', at: Date.now() });
    await (await measure('daemon-stopped', '.connection-off')).close();
  });

  test('no uncaught errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
