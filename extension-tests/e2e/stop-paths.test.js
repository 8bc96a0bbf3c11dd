// @ts-check
// Every way a capture can end leaves a record in history with its true stop reason: the tab
// returned to its user, the session idle past its timeout, the daemon sent SIGTERM, a capture
// actor (the page observer) panicking, and the browser killed under it.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STOP_REASONS } from '../../extension/lib/generated/stop-reasons.js';
import { bskWith, launchBrowser, serveSite, stateDir, waitFor } from './daemon-harness.js';

/** @type {Awaited<ReturnType<typeof serveSite>>} */
let site;
before(async () => { site = await serveSite(); });
after(async () => { await site.close(); });

/**
 * Reads one record from history through an extension page of `browser`.
 * @param {import('playwright-core').Page} page
 * @param {string} runId
 */
async function stored(page, runId) {
  return page.evaluate(async (id) => {
    const { History } = await import('./lib/history.js');
    const history = await History.open();
    try {
      return await history.get(id);
    } finally {
      history.close();
    }
  }, runId);
}

describe('stop paths', () => {
  test('tab returned, idle timeout, SIGTERM and an observer panic each save the final record with its reason', async () => {
    const home = stateDir();
    const env = { BSK_TEST_FAULTS: '1', BSK_SESSION_IDLE_SECS: '3' };
    const run = (/** @type {string[]} */ ...args) => bskWith(home, env, ...args);
    const browser = await launchBrowser({ home });
    const page = await browser.browser.contexts()[0].newPage();
    await page.goto(browser.evidenceUrl());
    const final = (/** @type {string} */ runId) => waitFor(`the final record of ${runId}`, async () => {
      const record = await stored(page, runId);
      return record && record.meta.state !== 'active' ? record : null;
    }, 20_000);
    try {
      await run('daemon', 'start', '--cdp-url', browser.endpoint);

      // A person's tab, borrowed, captured, handed back.
      const person = await browser.browser.contexts()[0].newPage();
      await person.goto(site.url);
      const session = await run('session', 'start');
      const tabs = JSON.parse(await run('tab', 'list', '--json'));
      const tab = tabs.find((/** @type {any} */ t) => t.url === `${site.url}/` && t.ownership === 'user').tab_id;
      await run('tab', 'borrow', tab, '--session', session);
      const borrowedRun = await run('debug', 'start', '--session', session, '--tab-id', tab, '--quiet');
      await run('evaluate', "fetch('/api/ping?n=1').then(r => r.text())", '--session', session, '--tab-id', tab);
      await run('tab', 'return', tab, '--session', session);
      const returned = await final(borrowedRun);
      assert.deepEqual(returned.doc.run.stop_reason, { kind: 'tab_returned' });
      assert.equal(returned.meta.state, 'stopped');

      // The page observer panics: the capture ends interrupted, the record saved.
      const panicRun = await run('debug', 'start', '--session', session, '--quiet');
      await run('navigate', site.url, '--session', session);
      await run('debug', 'fault', 'observer', '--session', session);
      const panicked = await final(panicRun);
      assert.deepEqual(panicked.doc.run.stop_reason, { kind: 'actor_panicked', actor: 'observer' });
      assert.equal(panicked.meta.state, 'interrupted');

      // Nobody uses the session for longer than its idle timeout (3 s here).
      const idleRun = await run('debug', 'start', '--session', session, '--quiet');
      const idle = await final(idleRun);
      assert.deepEqual(idle.doc.run.stop_reason, { kind: 'session_ended' });

      // SIGTERM to the daemon: a clean shutdown, the record saved as such.
      const status = JSON.parse(await run('status', '--json'));
      const last = await run('session', 'start');
      const termRun = await run('debug', 'start', '--session', last, '--quiet');
      await run('navigate', site.url, '--session', last);
      process.kill(status.pid, 'SIGTERM');
      const terminated = await final(termRun);
      assert.deepEqual(terminated.doc.run.stop_reason, { kind: 'daemon_shutdown' });
      assert.ok(terminated.doc.requests.length >= 1);
    } finally {
      await run('daemon', 'stop').catch(() => {});
      await browser.close();
    }
  });

  test('a browser killed under a capture leaves its record interrupted when the browser comes back', async () => {
    const home = stateDir();
    const run = (/** @type {string[]} */ ...args) => bskWith(home, {}, ...args);
    let browser = await launchBrowser({ home });
    try {
      await run('daemon', 'start', '--cdp-url', browser.endpoint);
      const session = await run('session', 'start');
      await waitFor('the extension link', async () =>
        JSON.parse(await run('status', '--json')).browser.extension.state === 'connected', 20_000);
      const runId = await run('debug', 'start', '--session', session, '--quiet');
      await run('navigate', site.url, '--session', session);
      await waitFor('a checkpoint with the page', async () => {
        const [info] = JSON.parse(await run('debug', 'status', '--session', session, '--json'));
        return info.history.checkpoints >= 2;
      }, 15_000);
      // The browser dies; the daemon sees it and ends the session with it, and so the capture
      // (as browser_disconnected), which it cannot save any more. Until it sees it, the capture
      // is active; then the session is gone, for that reason and no other. (Agents cannot read
      // an ended session's captures: the record lives on in the browser's history, below.)
      browser.child.kill('SIGKILL');
      /** @type {string[]} */
      const answers = [];
      const gone = await waitFor('the daemon to see the browser gone', async () => {
        const answer = await run('debug', 'status', '--session', session).then(
          (out) => ({ out }), (/** @type {Error} */ e) => ({ error: e.message }));
        answers.push(answer.out ?? answer.error);
        return answer.error ?? null;
      }, 15_000);
      // Before, the capture is active (or, were the daemon to answer between stopping the
      // capture and ending the session, interrupted by the browser's going, in those words).
      const words = STOP_REASONS.browser_disconnected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const running = new RegExp(`^${runId} (active|interrupted \\(${words}\\)) tab `);
      assert.deepEqual(answers.slice(0, -1).filter((out) => !running.test(out)), [],
        `before the daemon sees the browser gone, the capture is active (or interrupted: ${STOP_REASONS.browser_disconnected})`);
      assert.match(gone, new RegExp(`: error: session ${session} ended: the browser exited or crashed\n`),
        'then the session has ended because the browser exited');
      const profile = browser.profile;
      await browser.close();
      // The browser starts again with the same profile: the record is recovered as interrupted.
      browser = await launchBrowser({ home, profile });
      const page = await browser.browser.contexts()[0].newPage();
      await page.goto(browser.evidenceUrl());
      const record = await waitFor('the record recovered as interrupted', async () => {
        await page.reload();
        const r = await stored(page, runId);
        return r?.meta.state === 'interrupted' ? r : null;
      }, 30_000);
      assert.deepEqual(record.doc.run.stop_reason, { kind: 'recovered' });
      assert.ok(record.doc.requests.length >= 1, 'the last checkpoint is kept');
      // The evidence page says so in the words of the state and the stop reason.
      await page.goto(browser.evidenceUrl(runId));
      const head = page.locator('.record-head');
      await head.locator('.state').waitFor({ timeout: 10_000 });
      assert.equal(await head.locator('.state').innerText(), 'interrupted');
      assert.equal(await head.locator('dt', { hasText: /^Stop reason$/ }).locator('xpath=following-sibling::dd[1]').innerText(),
        STOP_REASONS.recovered);
    } finally {
      await run('daemon', 'stop').catch(() => {});
      await browser.close();
    }
  });
});
