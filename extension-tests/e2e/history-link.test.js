// @ts-check
// The daemon ↔ extension link end to end: the real `bsk` binary attached (--cdp-url) to a
// Chromium this test launched with the extension, its captures checkpointed into the
// extension's IndexedDB history, read back through the extension's own pages.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { alteredExtension, bsk, bskJson, extensionWorker, launchBrowser, serveSite, stateDir, waitFor } from './daemon-harness.js';
import { LINK_PROTOCOL } from '../../extension/lib/constants.js';
import { STOP_REASONS } from '../../extension/lib/generated/stop-reasons.js';
import { metaOf } from '../../extension/lib/record.js';
import { seed } from './support.js';

/** @type {Awaited<ReturnType<typeof serveSite>>} */
let site;
before(async () => { site = await serveSite(); });
after(async () => { await site.close(); });

/**
 * Reads history the way the extension's pages do, from inside an extension page.
 * @param {import('playwright-core').Page} page an open extension page
 * @param {'list' | 'get'} what
 * @param {string} [runId]
 */
async function readHistory(page, what, runId) {
  return page.evaluate(async ([what, runId]) => {
    const { History } = await import('./lib/history.js');
    const history = await History.open();
    try {
      return what === 'list' ? await history.list() : await history.get(/** @type {string} */ (runId));
    } finally {
      history.close();
    }
  }, [what, runId]);
}

/** The document without the two fields that describe the moment of the snapshot itself. */
function withoutSnapshotTime(doc) {
  const copy = structuredClone(doc);
  delete copy.saved_at;
  delete copy.run.history;
  return copy;
}

/** Starts a daemon attached to `endpoint` and a session, and waits for the link. */
async function startDaemon(home, endpoint, { running = false } = {}) {
  if (!running) await bsk(home, 'daemon', 'start', '--cdp-url', endpoint);
  const session = await bsk(home, 'session', 'start', '--name', 'history e2e');
  const status = await waitFor('the extension link', async () => {
    const status = await bskJson(home, 'status');
    return status.browser.extension.state === 'connected' ? status : null;
  }, 20_000);
  return { status, session };
}

describe('history through the extension link', () => {
  test('a capture reaches history live, outlives its session and the browser, and exports as bsk debug export does', async () => {
    const home = stateDir();
    let browser = await launchBrowser({ home });
    try {
      // Before any session there is no browser connection, and status says so.
      await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
      assert.match(await bsk(home, 'status'), /history {2}extension \w+ connecting — no browser is running yet/);
      // The daemon, attached to this browser, finds the extension on its own.
      const { status, session } = await startDaemon(home, browser.endpoint, { running: true });
      assert.equal(status.browser.extension.extension_id, browser.extensionId);
      assert.match(await bsk(home, 'status'), /history {2}extension \w+ 0\.1\.0 connected/);

      const runId = await bsk(home, 'debug', 'start', '--session', session, '--name', 'Save fails', '--quiet');
      await bsk(home, 'navigate', site.url, '--session', session);
      await bsk(home, 'fill', '#email', 'ada@example.com', '--session', session);
      await bsk(home, 'click', '#save', '--session', session);

      // The evidence page shows the live capture and follows it as it grows.
      const page = await browser.browser.contexts()[0].newPage();
      await page.goto(browser.evidenceUrl(runId));
      await page.getByText('/api/save').first().waitFor({ timeout: 15_000 });
      await bsk(home, 'evaluate', "fetch('/api/ping?n=7').then(r => r.text())", '--session', session);
      await page.getByText('/api/ping?n=7').first().waitFor({ timeout: 15_000 });
      // A request that fails (a 404), for the record's failure count.
      assert.equal(await bsk(home, 'evaluate', "fetch('/missing').then(r => r.status)", '--session', session), '404');

      const [run] = await bskJson(home, 'debug', 'status', '--session', session);
      assert.equal(run.history.available, true, JSON.stringify(run.history));
      assert.ok(run.history.checkpoints >= 2, `checkpoints: ${run.history.checkpoints}`);

      await bsk(home, 'debug', 'stop', '--session', session, '--quiet');
      const exported = JSON.parse(await bsk(home, 'debug', 'export', '--session', session));
      assert.equal(exported.extension_version, '0.1.0');
      const stored = await readHistory(page, 'get', runId);
      assert.ok(stored, 'the record is in history');
      assert.equal(stored.meta.state, 'stopped');
      assert.deepEqual(withoutSnapshotTime(stored.doc), withoutSnapshotTime(exported));
      // The worker stored the checkpoint without parsing it, listing it by the daemon's digest
      // (CheckpointDigest::of in Rust): the same metadata the extension's rules read from the
      // stored document, a failed save and its page included.
      assert.deepEqual(stored.meta, metaOf(stored.doc, { checkpoints: stored.meta.checkpoints, bytes: stored.meta.bytes }));
      assert.ok(stored.meta.failures >= 1 && stored.meta.url.startsWith(site.url), JSON.stringify(stored.meta));

      // The evidence page as a PNG, for a person or a CI artifact; only the session's own runs.
      const png = path.join(home, 'evidence.png');
      await bsk(home, 'evidence', '--session', session, '--screenshot', png);
      const bytes = fs.readFileSync(png);
      assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
      assert.equal(bytes.readUInt32BE(16), 1280, 'rendered at 1280 px wide');
      assert.equal(fs.statSync(png).mode & 0o777, 0o600);
      // At a place: one request on the requests tab; a request the capture does not hold is refused.
      const first = exported.requests[0].id;
      const atRequest = JSON.parse(await bsk(home, 'evidence', '--session', session, '--request', first, '--tab', 'requests', '--screenshot', png, '--json'));
      assert.equal(atRequest.url, `${browser.evidenceUrl(runId)}&request=${first}&tab=requests`);
      assert.equal(fs.readFileSync(png).subarray(1, 4).toString(), 'PNG');
      await assert.rejects(bsk(home, 'evidence', '--session', session, '--request', 'r999', '--screenshot', png), /no request r999/);
      const problems = JSON.parse(await bsk(home, 'evidence', '--session', session, '--part', 'problems', '--search', 'EMAIL TAKEN', '--json'));
      assert.equal(problems.url, `${browser.evidenceUrl(runId)}&q=EMAIL%20TAKEN&part=problems`);
      const other = await bsk(home, 'session', 'start');
      await assert.rejects(bsk(home, 'evidence', '--session', other, '--run-id', runId, '--screenshot', png), /not_found|no capture|not.*session/i);
      // In an attached browser (a person's own Chrome) the page opens there, in front.
      assert.equal(await bsk(home, 'evidence', '--session', session), `opened ${browser.evidenceUrl(runId)} in the browser`);
      await waitFor('the evidence page tab', () =>
        browser.browser.contexts()[0].pages().find((p) => p.url() === browser.evidenceUrl(runId)) ?? null, 10_000);

      // The session and the daemon go; the record stays.
      await bsk(home, 'session', 'stop', session);
      await bsk(home, 'daemon', 'stop');
      const list = await readHistory(page, 'list');
      const record = list.find((r) => r.run_id === runId);
      assert.equal(record?.state, 'stopped');
      assert.equal(record?.counts.requests, exported.requests.length);

      // A browser restart keeps it, and history needs no daemon.
      const profile = browser.profile;
      await browser.close();
      browser = await launchBrowser({ home, profile });
      const again = await browser.browser.contexts()[0].newPage();
      await again.goto(browser.evidenceUrl());
      await again.getByText('Save fails').first().waitFor({ timeout: 10_000 });
      const reread = await readHistory(again, 'get', runId);
      assert.equal(reread?.doc.requests.length, exported.requests.length);

      // Somewhere else: the exported file, imported into a fresh browser profile, reads the same.
      const file = path.join(home, 'run.json');
      fs.writeFileSync(file, JSON.stringify(exported, null, 2));
      const elsewhere = await launchBrowser({ home });
      try {
        const importer = await elsewhere.browser.contexts()[0].newPage();
        await importer.goto(elsewhere.evidenceUrl());
        await importer.locator('#import-file').setInputFiles(file);
        await importer.getByText('Imported run.json').waitFor({ timeout: 10_000 });
        const imported = await readHistory(importer, 'get', runId);
        assert.ok(imported?.meta.imported, 'marked as imported');
        assert.deepEqual(imported?.doc, exported, 'the same requests, operations and console entries');
        await importer.goto(elsewhere.evidenceUrl(runId));
        await importer.getByText('/api/save').first().waitFor({ timeout: 10_000 });
      } finally {
        await elsewhere.close();
      }
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
      await browser.close();
    }
  });

  test('a daemon killed mid-capture leaves its record interrupted from the last checkpoint', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      const { status, session } = await startDaemon(home, browser.endpoint);
      const runId = await bsk(home, 'debug', 'start', '--session', session, '--name', 'Killed', '--quiet');
      await bsk(home, 'navigate', site.url, '--session', session);
      await bsk(home, 'fill', '#email', 'ada@example.com', '--session', session);
      await bsk(home, 'click', '#save', '--session', session);

      const page = await browser.browser.contexts()[0].newPage();
      await page.goto(browser.evidenceUrl());
      await waitFor('a checkpoint holding the save request', async () => {
        const record = await readHistory(page, 'get', runId);
        return record?.doc.requests.some((r) => r.url.endsWith('/api/save')) ? record : null;
      }, 15_000);

      process.kill(status.pid, 'SIGKILL');

      // The extension's pages and its worker recover the abandoned record as interrupted.
      const recovered = await waitFor('the record to be recovered as interrupted', async () => {
        await page.reload();
        const record = await readHistory(page, 'get', runId);
        return record?.meta.state === 'interrupted' ? record : null;
      }, 40_000);
      assert.deepEqual(recovered.doc.run.stop_reason, { kind: 'recovered' });
      assert.ok(recovered.doc.requests.some((r) => r.url.endsWith('/api/save')), 'the last checkpoint is kept');
      for (const request of recovered.doc.requests) {
        assert.notEqual(request.state, 'pending', `${request.url} is not claimed finished, nor left pending`);
        assert.notEqual(request.response_body.state, 'pending');
      }
      for (const operation of recovered.doc.operations) assert.notEqual(operation.state, 'running');
      // History lists it as interrupted, and says why in the stop reason's words.
      const row = page.locator(`li.record[data-run="${runId}"]`);
      await row.locator('.state').waitFor({ timeout: 10_000 });
      assert.equal(await row.locator('.state').innerText(), 'interrupted');
      assert.equal(await row.locator('.row-meta').getByText(STOP_REASONS.recovered, { exact: true }).count(), 1,
        `the row says "${STOP_REASONS.recovered}": ${await row.locator('.row-meta').innerText()}`);
    } finally {
      await browser.close();
    }
  });

  test('the link survives its service worker being stopped, and a storage failure is shown while live evidence stays readable', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      const { session } = await startDaemon(home, browser.endpoint);
      // Shrink the extension's storage quota, then stop its service worker: the daemon notices,
      // wakes the worker and reconnects; the restarted worker's writes meet the quota.
      const context = browser.browser.contexts()[0];
      const cdp = await context.newCDPSession(await context.newPage());
      await cdp.send('Storage.overrideQuotaForOrigin', {
        origin: `chrome-extension://${browser.extensionId}`, quotaSize: 1,
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await waitFor('the link to notice the stopped worker', async () =>
        (await bskJson(home, 'status')).browser.extension.state !== 'connected', 15_000);
      await waitFor('the link to reconnect', async () =>
        (await bskJson(home, 'status')).browser.extension.state === 'connected', 30_000);

      await bsk(home, 'debug', 'start', '--session', session, '--quiet');
      await bsk(home, 'navigate', site.url, '--session', session);
      const text = await waitFor('the storage error', async () => {
        const out = await bsk(home, 'debug', 'status', '--session', session);
        return /storage quota is exceeded/.test(out) ? out : null;
      }, 15_000);
      assert.match(text, /history: unavailable — the extension could not store the checkpoint: history storage is full/);
      const requests = await bskJson(home, 'debug', 'requests', '--session', session);
      assert.ok(requests.items.length >= 1, 'live evidence is still readable');
      const exported = JSON.parse(await bsk(home, 'debug', 'export', '--session', session));
      assert.equal(exported.run.history.available, false);
      await bsk(home, 'daemon', 'stop');
    } finally {
      await browser.close();
    }
  });

  test('every stop path ends with the final record saved with its stop reason', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    const page = await browser.browser.contexts()[0].newPage();
    try {
      await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
      // Runs a capture on a new session, ends it with `end`, and returns the stored record.
      const record = async (end) => {
        const session = await bsk(home, 'session', 'start');
        const runId = await bsk(home, 'debug', 'start', '--session', session, '--quiet');
        await bsk(home, 'navigate', site.url, '--session', session);
        await end(session);
        await page.goto(browser.evidenceUrl());
        return waitFor(`the final record of ${runId}`, async () => {
          const stored = await readHistory(page, 'get', runId);
          return stored && stored.meta.state !== 'active' ? stored : null;
        }, 15_000);
      };
      const ended = await record((session) => bsk(home, 'session', 'stop', session));
      assert.deepEqual(ended.doc.run.stop_reason, { kind: 'session_ended' });
      assert.equal(ended.meta.state, 'stopped');

      const closed = await record(async (session) => {
        const [{ tab_id: tab }] = (await bskJson(home, 'session', 'list')).find((s) => s.id === session).tabs;
        const cdp = await browser.browser.newBrowserCDPSession();
        await cdp.send('Target.closeTarget', { targetId: tab });
      });
      assert.deepEqual(closed.doc.run.stop_reason, { kind: 'tab_closed' });

      // The renderer crashes: the capture ends interrupted, its evidence saved.
      const crashed = await record(async (session) => {
        await bsk(home, 'navigate', 'chrome://crash', '--session', session).catch(() => {});
      });
      assert.deepEqual(crashed.doc.run.stop_reason, { kind: 'renderer_crashed' });
      assert.equal(crashed.meta.state, 'interrupted');
      assert.ok(crashed.doc.requests.length >= 1, 'the evidence before the crash is kept');

      const shutdown = await record(() => bsk(home, 'daemon', 'stop'));
      assert.deepEqual(shutdown.doc.run.stop_reason, { kind: 'daemon_shutdown' });
      assert.ok(shutdown.doc.requests.length >= 1, 'the final record keeps the evidence');
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
      await browser.close();
    }
  });

  test("the popup's Quick Actions start and stop capture on a live session through the daemon", async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      const { session } = await startDaemon(home, browser.endpoint);
      await bsk(home, 'navigate', site.url, '--session', session);
      const page = await browser.browser.contexts()[0].newPage();
      await page.goto(browser.evidenceUrl());
      const ask = (message) => page.evaluate((m) => chrome.runtime.sendMessage(m), message);
      // The heartbeat lists the session for the current-task card.
      const status = await waitFor('the session in the heartbeat', async () => {
        const s = await ask({ type: 'link-status' });
        return s.connected && s.heartbeat.sessions.some((x) => x.id === session && x.url === `${site.url}/`) ? s : null;
      }, 10_000);
      assert.equal(status.heartbeat.sessions.find((x) => x.id === session).capture, undefined);

      const started = await ask({ type: 'daemon', action: 'debug.start', session, name: 'From the popup' });
      assert.equal(started.ok, true, JSON.stringify(started));
      const runs = await bskJson(home, 'debug', 'status', '--session', session);
      assert.equal(runs[0].run_id, started.result.run_id);
      assert.equal(runs[0].name, 'From the popup');
      assert.equal(runs[0].state, 'active');
      // A second start says why not, with the daemon's own error.
      const again = await ask({ type: 'daemon', action: 'debug.start', session });
      assert.equal(again.ok, false);
      assert.match(again.error.message, /already running/);
      const stopped = await ask({ type: 'daemon', action: 'debug.stop', session });
      assert.equal(stopped.ok, true, JSON.stringify(stopped));
      assert.equal(stopped.result.state, 'stopped');
      // An unknown session is refused: the popup acts only on live sessions.
      const unknown = await ask({ type: 'daemon', action: 'debug.start', session: 'szzzz' });
      assert.equal(unknown.ok, false);
      assert.equal(unknown.error.code, 'not_found');
      await bsk(home, 'daemon', 'stop');
    } finally {
      await browser.close();
    }
  });

  test('a browser without the extension is reported, with what to do', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home, withoutExtension: true });
    try {
      await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
      const session = await bsk(home, 'session', 'start');
      await bsk(home, 'debug', 'start', '--session', session, '--quiet');
      const status = await waitFor('the missing extension', async () => {
        const s = await bskJson(home, 'status');
        return s.browser.extension.state === 'missing' ? s : null;
      }, 20_000);
      assert.match(status.browser.extension.reason, /bsk extension path/);
      const debug = await bsk(home, 'debug', 'status', '--session', session);
      assert.match(debug, /history: unavailable — .*no bsk extension/);
      await bsk(home, 'daemon', 'stop');
    } finally {
      await browser.close();
    }
  });

  test('retention in a real browser: the 51st record evicts the oldest stopped one, never an active one', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      const worker = await extensionWorker(browser.browser, browser.extensionId);
      const now = Date.now();
      /** @param {number} i @param {string} state */
      const doc = (i, state) => ({
        version: 1, saved_at: now, requests: [], operations: [], console: [], pages: [],
        run: { run_id: `r-${String(i).padStart(2, '0')}`, session: 's', tab_id: 't', state, started_at: now - (100 - i) * 60_000,
          stopped_at: state === 'active' ? undefined : now, counters: {}, coverage: {}, history: {}, text_units: 0,
          requests: 0, console: 0, operations: 0, pages: 0 },
      });
      // The oldest record is an active capture; then 50 stopped ones.
      const stopped = Array.from({ length: 50 }, (_, i) => doc(i + 1, 'stopped'));
      const acks = await seed(worker, doc(0, 'active'), ...stopped);
      const last = acks[acks.length - 1];
      assert.deepEqual(last.evicted, ['r-01'], 'the 51st record evicts the oldest stopped record, not the older active one');
      const page = await browser.browser.contexts()[0].newPage();
      await page.goto(browser.evidenceUrl());
      const ids = (await readHistory(page, 'list')).map((r) => r.run_id);
      assert.equal(ids.length, 50);
      assert.ok(ids.includes('r-00'), 'the active capture is protected');
      assert.ok(!ids.includes('r-01'));
    } finally {
      await browser.close();
    }
  });

  test('an extension of another link protocol, or one that does not answer, is reported as such', async () => {
    const cases = [
      {
        state: 'incompatible',
        reason: new RegExp(`speaks link protocol 99, this bsk speaks ${LINK_PROTOCOL}; reload it from \`bsk extension path\``),
        edit: (dir) => {
          const file = path.join(dir, 'lib/constants.js');
          fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`export const LINK_PROTOCOL = ${LINK_PROTOCOL};`, 'export const LINK_PROTOCOL = 99;'));
        },
      },
      {
        state: 'broken',
        reason: /has no bskLink/,
        edit: (dir) => fs.writeFileSync(path.join(dir, 'background.js'), '// an extension that never sets up the link\n'),
      },
    ];
    for (const { state, reason, edit } of cases) {
      const home = stateDir();
      const browser = await launchBrowser({ home, extensionDir: await alteredExtension(home, edit) });
      try {
        await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);
        const session = await bsk(home, 'session', 'start');
        const status = await waitFor(`the ${state} extension`, async () => {
          const s = await bskJson(home, 'status');
          return s.browser.extension.state === state ? s : null;
        }, 20_000);
        assert.match(status.browser.extension.reason, reason);
        await bsk(home, 'debug', 'start', '--session', session, '--quiet');
        await waitFor('the capture to say why history is unavailable', async () => {
          const out = await bsk(home, 'debug', 'status', '--session', session);
          return reason.test(out) && /history: unavailable/.test(out);
        }, 10_000);
        await bsk(home, 'daemon', 'stop');
      } finally {
        await browser.close();
      }
    }
  });

  test('a web page in the same browser can neither read history nor reach the link', async () => {
    const home = stateDir();
    const browser = await launchBrowser({ home });
    try {
      const worker = await extensionWorker(browser.browser, browser.extensionId);
      await seed(worker, { version: 1, saved_at: Date.now(), run: { run_id: 'secret-run', session: 's', tab_id: 't', state: 'stopped', started_at: Date.now(), counters: {}, coverage: {}, history: {}, text_units: 0, requests: 0, console: 0, operations: 0, pages: 0 }, requests: [], operations: [], console: [], pages: [] });
      const page = await browser.browser.contexts()[0].newPage();
      await page.goto(site.url);
      const reach = await page.evaluate(async (id) => {
        const result = {};
        // @ts-ignore chrome is not there for web pages without externally_connectable
        result.runtime = typeof globalThis.chrome?.runtime?.sendMessage;
        // @ts-ignore
        result.link = typeof globalThis.bskLink;
        result.fetch = await fetch(`chrome-extension://${id}/lib/history.js`).then(() => 'read', () => 'refused');
        result.page = await fetch(`chrome-extension://${id}/evidence.html`).then(() => 'read', () => 'refused');
        const databases = await indexedDB.databases();
        result.sameName = databases.map((d) => d.name);
        return result;
      }, browser.extensionId);
      assert.equal(reach.runtime, 'undefined');
      assert.equal(reach.link, 'undefined');
      assert.equal(reach.fetch, 'refused');
      assert.equal(reach.page, 'refused');
      assert.deepEqual(reach.sameName, []);
    } finally {
      await browser.close();
    }
  });
});
