// @ts-check
// The popup fits what Chrome shows of a popup (at most 600 px tall) in every state, at its
// 360 px width: no daemon, connected without a task, a task without a capture, an active
// capture, and many records. The height measured is the content's own (the body's scroll
// height), so a popup that only fits because it scrolls inside itself fails. The daemon is
// played by the test, with the exact calls it makes (bskLink.heartbeat, bskLink.checkpoint).
// Screenshots of each state, light and dark, go to target/extension-artifacts as
// popup-state-*.png.

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

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {import('playwright-core').Worker} */
let worker;
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  browser = await launchWithExtension({ viewport: { width: 360, height: 900 } });
  worker = await serviceWorker(browser.context);
  await seed(worker,
    rebased(fixture('save-fails.json'), NOW - 30 * MINUTE, { run_id: 'older-1', name: 'Checkout flow' }),
    rebased(fixture('save-fails.json'), NOW - 20 * MINUTE, { run_id: 'older-2', name: 'Save fails' }));
});

after(async () => {
  await browser?.close();
});

/** @param {any[]} sessions */
async function heartbeat(sessions) {
  const beat = { daemon_id: 'd1', daemon_version: '0.1.0', pid: 42, at: Date.now(), active_runs: sessions.filter((s) => s.capture?.state === 'active').map((s) => s.capture.run_id), sessions };
  await worker.evaluate((b) => /** @type {any} */ (globalThis).bskLink.heartbeat(b), beat);
}

/**
 * Opens the popup, waits for `ready`, measures its content and shoots it light and dark.
 * @param {string} name
 * @param {string} ready a selector that shows the state is drawn
 */
async function measure(name, ready) {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
  await page.locator(ready).first().waitFor();
  await page.locator('#history-count').waitFor();
  const size = await page.evaluate(() => ({ content: document.body.scrollHeight, width: document.body.getBoundingClientRect().width, wide: document.body.scrollWidth - document.body.clientWidth }));
  console.log(`popup ${name}: ${size.content} px tall at ${size.width} px wide`);
  // Shot first (the whole content, as if Chrome let it grow), so a popup too tall can be seen.
  await page.setViewportSize({ width: 360, height: Math.max(size.content, 600) });
  await page.evaluate(() => { document.body.style.maxHeight = 'none'; });
  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('body').screenshot({ path: join(artifactsDir(), `popup-state-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(size.width, 360, 'the popup is 360 px wide');
  assert.ok(size.wide <= 0, `${name}: ${size.wide} px wider than the popup`);
  assert.ok(size.content <= POPUP_MAX_HEIGHT, `${name}: the popup's content is ${size.content} px tall (at most ${POPUP_MAX_HEIGHT})`);
  // Website debugging and History are in the first screen in every state.
  const history = await page.locator('#history-title').boundingBox();
  assert.ok(history && history.y + history.height <= POPUP_MAX_HEIGHT, `${name}: History is in view (${history?.y})`);
  await page.close();
  return size.content;
}

describe('popup height', () => {
  test('no daemon', async () => {
    await measure('no-daemon', '.connection-off');
  });

  test('connected, without a task', async () => {
    await heartbeat([]);
    await measure('no-task', '.connection-on');
  });

  test('a task without a capture', async () => {
    await heartbeat([{ id: 'k2p9', name: 'Checkout', url: 'http://localhost:3000/checkout/payment?step=2' }]);
    await measure('task', 'article.task');
  });

  test('an active capture', async () => {
    const doc = rebased(fixture('save-fails.json'), Date.now() - 30_000, { run_id: 'run-x', name: 'Website debugging', state: 'active', session: 's1' });
    delete doc.run.stopped_at;
    delete doc.run.stop_reason;
    doc.saved_at = Date.now();
    await seed(worker, doc);
    await heartbeat([{
      id: 's1', name: 'Save fails', url: 'http://localhost:3000/settings/profile',
      capture: { run_id: 'run-x', name: 'Website debugging', state: 'active', requests: 7, console: 5 },
    }]);
    await measure('capturing', 'article.task-capturing');
  });

  test('many records', async () => {
    const docs = Array.from({ length: 40 }, (_, i) => rebased(fixture('save-fails.json'), NOW - (60 + i) * MINUTE, { run_id: `many-${i}`, name: `A capture with a rather long name, number ${i}` }));
    await seed(worker, ...docs);
    await heartbeat([{
      id: 's1', name: 'Save fails', url: 'http://localhost:3000/settings/profile',
      capture: { run_id: 'run-x', name: 'Website debugging', state: 'active', requests: 7, console: 5 },
    }]);
    await measure('many-records', 'article.task-capturing');
  });

  test('no uncaught errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
