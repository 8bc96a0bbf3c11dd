// @ts-check
// How fast the evidence page shows a record at the capture's full bounds (200 requests, 100
// console entries, 64 operations, 20 page loads, ~512 Ki code units of body text) and the
// history list of 50 such records, in real Chromium. Not a test: it measures and prints; the
// numbers go into docs/performance.md#the-evidence-page-and-history with this command:
//
//   cd extension-tests && node bench/evidence-render.js [repetitions]
//
// Each repetition opens a fresh page and measures, with the page's own clock, the time from
// navigation start until the view is on screen (the timeline's 64 operations; the list's rows).

import { fixture, evidenceUrl, launchWithExtension, quantile, rebased, seed, serviceWorker } from '../e2e/support.js';
import { makeFullDocument } from '../fixtures/make-full.js';

const repetitions = Number(process.argv[2] ?? 15);

const { context, close } = await launchWithExtension();
try {
  const worker = await serviceWorker(context);
  const now = Date.now();
  const full = makeFullDocument(fixture('save-fails.json'), { startedAt: now - 3_600_000, runId: 'bench-full', name: 'Full bounds' });
  const others = Array.from({ length: 49 }, (_, i) => rebased(fixture('save-fails.json'), now - (i + 2) * 3_600_000, { run_id: `bench-${i}`, name: `Record ${i}` }));
  await seed(worker, full, ...others);

  /** @param {string} url @param {() => boolean} shown */
  async function measure(url, shown) {
    const times = [];
    for (let i = 0; i < repetitions; i++) {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(shown, undefined, { polling: 'raf', timeout: 30_000 });
      times.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
    return times;
  }

  const record = await measure(evidenceUrl('bench-full'), () => document.querySelectorAll('article.op').length === 64);
  const list = await measure(evidenceUrl(), () => document.querySelectorAll('.records > li').length === 50);
  const row = (/** @type {string} */ what, /** @type {number[]} */ t) =>
    `| ${what} | ${t.length} | ${quantile(t, 0.5).toFixed(0)} | ${quantile(t, 0.9).toFixed(0)} | ${Math.max(...t).toFixed(0)} |`;
  console.log(`${full.run.text_units} body code units in the full record; ${repetitions} repetitions, fresh page each\n`);
  console.log('| view | runs | median ms | p90 ms | max ms |');
  console.log('|---|---|---|---|---|');
  console.log(row('one record at full bounds: timeline shown', record));
  console.log(row('history list of 50 records: rows shown', list));
} finally {
  await close();
}
