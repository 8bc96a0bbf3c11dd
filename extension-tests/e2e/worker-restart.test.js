// @ts-check
// The extension's service worker restarted while a capture runs (Chromium stops idle workers;
// an update restarts it). The restarted worker recovers records left active by a daemon that went
// away, as interrupted, from their last checkpoint; a capture its daemon still runs is not one
// of them, however long ago it was last saved: its record stays active and the capture goes on
// into it, and it ends as its daemon ends it.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bsk, bskJson, extensionWorker, launchBrowser, serveSite, stateDir, waitFor } from './daemon-harness.js';
import { HEARTBEAT_STALE_MS } from '../../extension/lib/constants.js';

/** @type {Awaited<ReturnType<typeof serveSite>>} */
let site;
before(async () => { site = await serveSite(); });
after(async () => { await site.close(); });

/**
 * A record of history as the extension's pages read it.
 * @param {import('playwright-core').Page} page an open extension page
 * @param {string} runId
 */
async function record(page, runId) {
  return page.evaluate(async (runId) => {
    const { History } = await import('./lib/history.js');
    const history = await History.open();
    try {
      return await history.get(runId);
    } finally {
      history.close();
    }
  }, runId);
}

test("a worker restarted mid-capture leaves the live capture's record active, and the capture goes on into it", async () => {
  const home = stateDir();
  const browser = await launchBrowser({ home });
  try {
    await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
    const session = await bsk(home, 'session', 'start');
    await waitFor('the extension link', async () =>
      (await bskJson(home, 'status')).browser.extension.state === 'connected', 20_000);
    const runId = await bsk(home, 'debug', 'start', '--session', session, '--name', 'Worker restart', '--quiet');
    await bsk(home, 'navigate', site.url, '--session', session);
    await bsk(home, 'fill', '#email', 'ada@example.com', '--session', session);
    await bsk(home, 'click', '#save', '--session', session);
    const context = browser.browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(browser.evidenceUrl());
    const saved = await waitFor('a checkpoint holding the save', async () => {
      const stored = await record(page, runId);
      return stored?.doc.requests.some((/** @type {any} */ r) => r.url.endsWith('/api/save')) ? stored : null;
    }, 15_000);

    // The capture is quiet for longer than the stale period: only its daemon's heartbeats say
    // it is live when the restarted worker looks for records to recover.
    await waitFor('the record to be stale, with a heartbeat since naming its run', () => page.evaluate(
      async ({ runId, savedAt, staleMs }) => {
        if (Date.now() < savedAt + staleMs) return false;
        const { History } = await import('./lib/history.js');
        const history = await History.open();
        try {
          const live = await history.liveDaemons();
          return live.some((beat) => beat.at > savedAt + staleMs && beat.active_runs.includes(runId));
        } finally {
          history.close();
        }
      }, { runId, savedAt: saved.meta.saved_at, staleMs: HEARTBEAT_STALE_MS }), HEARTBEAT_STALE_MS + 15_000);
    assert.equal((await record(page, runId))?.meta.saved_at, saved.meta.saved_at, 'nothing saved meanwhile');

    const worker = await extensionWorker(browser.browser, browser.extensionId);
    const started = await worker.evaluate(() => performance.timeOrigin);
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // A message from the extension's page starts it again, and it runs its recovery.
    await waitFor('the worker to start again', async () => {
      await page.evaluate(() => chrome.runtime.sendMessage({ type: 'wake' })).catch(() => {});
      const origins = await Promise.all(context.serviceWorkers()
        .filter((w) => w.url().startsWith(`chrome-extension://${browser.extensionId}/`))
        .map((w) => w.evaluate(() => performance.timeOrigin).catch(() => started)));
      return origins.some((origin) => origin > started);
    }, 15_000);

    // New evidence reaches the same record; until it does, the record is never interrupted.
    await bsk(home, 'evaluate', "fetch('/api/ping?n=42').then(r => r.text())", '--session', session);
    /** @type {string[]} */
    const states = [];
    const updated = await waitFor('the capture to go on into its record', async () => {
      const stored = await record(page, runId);
      states.push(stored?.meta.state);
      return stored?.doc.requests.some((/** @type {any} */ r) => r.url.endsWith('/api/ping?n=42')) ? stored : null;
    }, 30_000);
    assert.deepEqual([...new Set(states)], ['active'], 'the live capture was not recovered as interrupted');
    assert.equal(updated.doc.run.stop_reason, undefined);
    assert.ok(updated.meta.checkpoints > saved.meta.checkpoints, `checkpoints: ${updated.meta.checkpoints}`);
    const [run] = await bskJson(home, 'debug', 'status', '--session', session);
    assert.equal(run.history.available, true, JSON.stringify(run.history));

    // It ends as its daemon ends it.
    await bsk(home, 'debug', 'stop', '--session', session, '--quiet');
    const final = await waitFor('the final record', async () => {
      const stored = await record(page, runId);
      return stored?.meta.state === 'stopped' ? stored : null;
    }, 15_000);
    assert.deepEqual(final.doc.run.stop_reason, { kind: 'stopped' });
    assert.ok(final.doc.requests.some((/** @type {any} */ r) => r.url.endsWith('/api/save')), 'the evidence before the restart is kept');
    await bsk(home, 'daemon', 'stop');
  } finally {
    await browser.close();
  }
});
