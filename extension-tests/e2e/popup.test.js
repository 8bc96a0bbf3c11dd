// @ts-check
// The popup in real Chromium with the extension loaded, opened as a page of popup size. In
// most tests the daemon is played by the test: its heartbeat is the exact call the daemon makes
// (bskLink.heartbeat), history is seeded through bskLink.checkpoint, and no daemon binding is
// installed, so starting or stopping a capture answers "no bsk daemon is connected". The last
// suite drives the real `bsk` binary (BSK_BIN) attached to the browser with --cdp-url.
// Screenshots go to target/extension-artifacts as popup-*.png.

import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { HEARTBEAT_STALE_MS } from '../../extension/lib/constants.js';
import {
  CHROMIUM, EXTENSION_DIR, EXTENSION_ORIGIN, WAIT_MS, artifactsDir, checkpointOf, evidenceUrl, fixture,
  launchWithExtension, rebased, seed, serviceWorker, withFoldedFavicon,
} from './support.js';
import { bsk, bskJson, launchBrowser, serveSite, stateDir, waitFor } from './daemon-harness.js';

const MINUTE = 60_000;
const NOW = Date.now();
const POPUP_URL = `${EXTENSION_ORIGIN}/popup.html`;
/** The popup's size in Chromium is its content's; the page is a little wider than its 360 px. */
const POPUP_VIEWPORT = { width: 380, height: 600 };

/**
 * History before any daemon: three stopped records and one left behind by a daemon that went
 * away. `Save fails` lists one problem, `Checkout flow` none; the others were saved before
 * problems were listed.
 */
const SAVE_PROBLEM = 'POST http://127.0.0.1:18123/api/save 404 Not Found: EMAIL_TAKEN This email is already registered';
const saveFails = Object.assign(rebased(fixture('save-fails.json'), NOW - 10 * MINUTE, { run_id: 'sf_1.a-b' }), {
  problems: [{ kind: 'status', at: NOW - 10 * MINUTE + 500, request_id: 'r6', summary: SAVE_PROBLEM }],
});
const checkout = Object.assign(rebased(fixture('save-fails.json'), NOW - 20 * MINUTE, { run_id: 'checkout-2', name: 'Checkout flow' }), { problems: [] });
const older = rebased(fixture('save-fails.json'), NOW - 40 * MINUTE, { run_id: 'older-4', name: 'Older one' });
/** Left active by a daemon that went away: the popup's recovery shows it interrupted. */
const leftBehind = (() => {
  const doc = rebased(fixture('save-fails.json'), NOW - 5 * MINUTE, { run_id: 'left-behind-3', name: 'Left behind', state: 'active' });
  delete doc.run.stopped_at;
  delete doc.run.stop_reason;
  doc.saved_at = NOW - MINUTE;
  return doc;
})();

/** The session the daemon reports, with an active capture saved in history. */
const RUN = 'run-x';
const liveCapture = () => {
  const doc = rebased(fixture('save-fails.json'), Date.now() - 30_000, { run_id: RUN, name: 'Website debugging', state: 'active', session: 's1' });
  delete doc.run.stopped_at;
  delete doc.run.stop_reason;
  doc.saved_at = Date.now();
  return doc;
};

/**
 * What the daemon sends every 2 s.
 * @param {any[]} sessions
 */
const beat = (sessions) => ({ daemon_id: 'd1', daemon_version: '0.1.0', pid: 42, at: Date.now(), active_runs: [RUN], sessions });
const SESSIONS = [
  {
    id: 's1', name: 'Save fails', url: 'http://localhost:3000/settings/profile',
    capture: { run_id: RUN, name: 'Website debugging', state: 'active', requests: 7, console: 5, problems: 1, first_problem: SAVE_PROBLEM },
  },
  { id: 'k2p9', url: 'http://localhost:3000/checkout' },
];

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {import('playwright-core').Worker} */
let worker;
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  browser = await launchWithExtension({ viewport: POPUP_VIEWPORT });
  worker = await serviceWorker(browser.context);
  await seed(worker, older, checkout, saveFails, leftBehind);
});

after(async () => {
  await browser?.close();
});

/**
 * The popup in a fresh tab, once it has heard from the service worker. Uncaught errors in it
 * fail the run at the end.
 * @param {import('playwright-core').BrowserContext} [context]
 */
async function openPopup(context = browser.context) {
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => pageErrors.push(`popup: ${e.message}`));
  await page.goto(POPUP_URL);
  await page.locator('.connection-state').waitFor();
  return page;
}

/**
 * Unfolds the popup's preferences (folded by default) and returns its two controls.
 * @param {import('playwright-core').Page} page
 */
async function preferences(page) {
  const summary = page.locator('#preferences summary');
  await summary.waitFor();
  if (!(await page.locator('#preferences details').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) await summary.click();
  return {
    fold: page.getByLabel('Fold static resources and extension traffic in the evidence page'),
    name: page.getByLabel('Name for captures started here'),
  };
}

/**
 * Unfolds the connection panel (folded to its state line by default).
 * @param {import('playwright-core').Page} page
 */
async function openConnection(page) {
  const details = page.locator('#connection details');
  if (!(await details.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) await page.locator('#connection summary').click();
  await page.locator('#reconnect').waitFor();
}

/**
 * Waits until the prompt for the agent contains `text`.
 * @param {import('playwright-core').Page} page
 * @param {string} text
 */
async function promptSays(page, text) {
  await page.waitForFunction((t) => /** @type {HTMLTextAreaElement | null} */ (document.getElementById('agent-prompt'))?.value.includes(t), text);
}

/** @param {any} sessions */
async function heartbeat(sessions) {
  await worker.evaluate((b) => /** @type {any} */ (globalThis).bskLink.heartbeat(b), beat(sessions));
}

/**
 * Shoots the popup (its body, as Chromium shows it) in light and dark.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function screenshots(page, name) {
  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
    const overflow = await page.evaluate(() => document.body.scrollWidth - document.body.clientWidth);
    assert.ok(overflow <= 0, `${name}: the popup is ${overflow} px wider than its 360 px`);
    await page.locator('body').screenshot({ path: join(artifactsDir(), `popup-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Clicks `locator` and returns the tab the extension opened for it.
 * @param {import('playwright-core').Page} popup
 * @param {import('playwright-core').Locator} locator
 */
async function opensTab(popup, locator) {
  const [tab] = await Promise.all([
    popup.context().waitForEvent('page', { timeout: WAIT_MS }),
    // Then the popup closes itself, as a menu does.
    popup.waitForEvent('close', { timeout: WAIT_MS }),
    locator.click(),
  ]);
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

/**
 * What the browser's clipboard holds, read from a web page on 127.0.0.1: an extension's origin
 * cannot be granted clipboard-read, and the popup asks for no such permission.
 */
async function clipboardText() {
  const server = createServer((_, res) => res.end('<!doctype html><title>clipboard</title>'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const page = await browser.context.newPage();
  try {
    await browser.context.grantPermissions(['clipboard-read'], { origin });
    await page.goto(origin);
    await page.bringToFront();
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    await page.close();
    server.close();
  }
}

describe('popup', () => {
  test('without a daemon: says so, how one connects, and gives a prompt that copies', async () => {
    const page = await openPopup();
    // Quick Actions → Website debugging is a place a person finds, with no daemon and no task.
    await page.getByRole('heading', { level: 2, name: 'Quick Actions' }).waitFor();
    const debugging = page.getByRole('region', { name: 'Website debugging' });
    await debugging.getByRole('heading', { level: 3, name: 'Website debugging' }).waitFor();
    await debugging.getByRole('link', { name: 'Open history' }).waitFor();
    await debugging.getByLabel('Prompt for your agent').waitFor();
    const connection = page.locator('#connection');
    assert.match(await connection.innerText(), /No daemon connected/);
    await openConnection(page);
    assert.match(await connection.innerText(), /bsk session start/);
    assert.match(await connection.innerText(), /--cdp-url/);
    assert.equal(await page.locator('#extension-version').innerText(), 'extension 0.1.0');

    assert.equal(await page.locator('#tasks-title').innerText(), 'No task yet');
    const prompt = page.getByLabel('Prompt for your agent');
    assert.equal(await prompt.getAttribute('readonly'), '');
    const text = await prompt.inputValue();
    for (const line of [
      "id=$(bsk session start --name 'Website debugging')",
      "bsk debug start --session $id --name 'Website debugging'",
      'bsk navigate <url> --session $id',
      'bsk debug operations --session $id',
      'bsk debug request <request-id> --session $id --part response --pointer /error/code',
      'bsk debug console --session $id',
      'bsk debug pages --session $id',
      'bsk debug stop --session $id',
      'bsk debug export --session $id > website-debug.json',
      'bsk session stop $id',
    ]) assert.ok(text.includes(line), `the prompt has: ${line}`);
    assert.ok(text.indexOf('bsk debug start') < text.indexOf('bsk navigate'), 'capture starts before navigating');

    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await page.locator('#copy-status', { hasText: 'Copied — paste it to your agent.' }).waitFor();
    assert.equal(await clipboardText(), text);
    assert.match(await page.locator('#announce').innerText(), /Copied/);
    await screenshots(page, 'no-daemon');
    await page.close();
  });

  test('history is listed without a daemon or task, newest first, and opens records and the list', async () => {
    const page = await openPopup();
    assert.match(await page.locator('#connection').innerText(), /No daemon connected/);
    await page.locator('#history-count').waitFor();
    assert.match(await page.locator('#history-count').innerText(), /^ ?· 4 records$/);
    const rows = page.locator('.recent-record');
    assert.equal(await rows.count(), 3, 'the three newest');
    assert.deepEqual(await rows.locator('.recent-name').allInnerTexts(), ['Left behind', 'Save fails', 'Checkout flow']);
    // Recovery ran when the popup opened: the capture its daemon left behind is interrupted.
    assert.equal(await rows.nth(0).locator('.state').innerText(), 'interrupted');
    assert.equal(await rows.nth(1).locator('.state').innerText(), 'stopped');
    // One time format: the person's locale, 24-hour; the zone said once, in the header.
    assert.match(await rows.nth(1).locator('.recent-time').innerText(), /^\d\d:\d\d$/);
    assert.match(await page.locator('#time-zone').innerText(), /^Times in \S+$/);
    assert.doesNotMatch(await page.locator('body').innerText(), /\b[AP]M\b/);
    // A problem count per record, and the first problem's line (in full on hover).
    assert.equal(await rows.nth(1).locator('.recent-problems').innerText(), `1 problem — ${SAVE_PROBLEM}`);
    assert.equal(await rows.nth(1).locator('.recent-problems').getAttribute('title'), SAVE_PROBLEM);
    assert.equal(await rows.nth(2).locator('.recent-problems').innerText(), 'no problems');
    assert.equal(await rows.nth(0).locator('.recent-problems').count(), 0, 'a record saved before problems were listed says no count');

    const record = await opensTab(page, rows.nth(1));
    assert.equal(record.url(), evidenceUrl(saveFails.run.run_id));
    await record.getByRole('heading', { name: 'Save fails', level: 1 }).waitFor();
    await record.close();

    const again = await openPopup();
    const list = await opensTab(again, again.getByRole('link', { name: 'Open history' }));
    assert.equal(list.url(), evidenceUrl());
    await list.locator('li.record').first().waitFor();
    await list.close();
  });

  test('preferences persist across a popup reload, and the evidence page follows foldStatic', async () => {
    const page = await openPopup();
    const { fold, name } = await preferences(page);
    assert.equal(await fold.isChecked(), true, 'folding is the default');
    assert.equal(await name.inputValue(), 'Website debugging');

    // Browser automation preferences: the defaults, then other choices.
    /** What the popup stored, read as the service worker reads it (history's IndexedDB). */
    const stored = () => page.evaluate(async () => {
      const { History } = await import('/lib/history.js');
      const history = await History.open();
      try { return await history.automation(); } finally { history.close(); }
    });
    const storedProfile = async (/** @type {string} */ profile) => {
      const deadline = Date.now() + WAIT_MS;
      while ((/** @type {any} */ (await stored()))?.profile !== profile) {
        assert.ok(Date.now() < deadline, `the profile preference became ${profile}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    for (const id of ['pref-browser-headless', 'pref-dialogs-ask', 'pref-profile-private']) {
      assert.equal(await page.locator(`#${id}`).isChecked(), true, `${id} is the default`);
    }
    await fold.uncheck();
    await page.locator('#preferences-status', { hasText: 'Saved.' }).waitFor();
    await page.getByLabel('Visible', { exact: true }).check();
    await page.getByLabel('Accept', { exact: true }).check();
    await page.locator('#pref-workers').check();
    assert.equal(await page.locator('#pref-screenshots').isChecked(), false, 'pictures are off until chosen');
    await page.getByLabel('Keep a picture after each agent action (new captures)').check();
    await page.getByLabel('Shared', { exact: true }).check();
    await storedProfile('shared');
    assert.deepEqual(await stored(), { browser: 'visible', dialogs: 'accept', profile: 'shared', foldStatic: false, workers: true, screenshots: true });
    await name.fill("Ada's checkout");
    await promptSays(page, "--name 'Ada'\\''s checkout'");
    await page.locator('#preferences-status', { hasText: 'Saved.' }).waitFor();

    await page.reload();
    await page.locator('.connection-state').waitFor();
    await preferences(page);
    assert.equal(await fold.isChecked(), false);
    assert.equal(await page.locator('#pref-workers').isChecked(), true, 'the workers preference is kept');
    assert.equal(await page.locator('#pref-screenshots').isChecked(), true, 'the pictures preference is kept');
    for (const id of ['pref-browser-visible', 'pref-dialogs-accept', 'pref-profile-shared']) {
      assert.equal(await page.locator(`#${id}`).isChecked(), true, `${id} is kept`);
    }
    assert.equal(await name.inputValue(), "Ada's checkout");
    assert.match(await page.getByLabel('Prompt for your agent').inputValue(), /--name 'Ada'\\''s checkout'/);
    await screenshots(page, 'preferences');

    // With folding off, the requests of a record start with the static ones shown.
    const folding = withFoldedFavicon(rebased(fixture('save-fails.json'), NOW - 11 * MINUTE, { run_id: 'folding-6', name: 'Folding' }));
    await seed(worker, folding);
    const evidence = await browser.context.newPage();
    evidence.setDefaultTimeout(WAIT_MS);
    await evidence.goto(`${evidenceUrl('folding-6')}&view=requests`);
    await evidence.getByRole('button', { name: 'Hide static request' }).waitFor();
    assert.equal(await evidence.locator('ul.requests > li').count(), folding.requests.length);
    // The page's own toggle still works for that view.
    await evidence.getByRole('button', { name: 'Hide static request' }).click();
    await evidence.waitForFunction((n) => document.querySelectorAll('ul.requests > li').length === n, folding.requests.length - 1);
    await evidence.close();

    // Back to the defaults for the tests that follow.
    await fold.check();
    await page.getByLabel('Headless', { exact: true }).check();
    await page.getByLabel('Ask the agent', { exact: true }).check();
    await page.locator('#pref-workers').uncheck();
    await page.locator('#pref-screenshots').uncheck();
    await page.getByLabel('Private', { exact: true }).check();
    await storedProfile('private');
    assert.deepEqual(await stored(), { browser: 'headless', dialogs: 'ask', profile: 'private', foldStatic: true, workers: false, screenshots: false });
    await name.fill('');
    await promptSays(page, "--name 'Website debugging'");
    await page.close();
  });

  test('with a heartbeat: a card per session, its capture, and Open evidence on its record', async () => {
    await seed(worker, liveCapture());
    await heartbeat(SESSIONS);
    const page = await openPopup();
    const connection = page.locator('#connection');
    await connection.getByText('Daemon connected').waitFor();
    // Folded, the state line says how many sessions.
    assert.match(await connection.innerText(), /Daemon connected\s+2 sessions/);
    await openConnection(page);
    assert.match(await connection.innerText(), /bsk 0\.1\.0/);
    assert.match(await connection.innerText(), /pid 42/);
    assert.match(await connection.innerText(), /Sessions\s+Save fails, k2p9/);
    assert.match(await connection.innerText(), /1 active/);
    // Honest settings: the link rides the daemon's CDP connection, so no address or port.
    assert.equal(await connection.locator('input').count(), 0, 'no address or port to set');
    await connection.getByRole('button', { name: 'Reconnect' }).click();
    await connection.getByText('Daemon connected').waitFor();

    assert.equal(await page.locator('#tasks-title').innerText(), 'Current tasks');
    const cards = page.locator('article.task');
    assert.equal(await cards.count(), 2);
    const first = cards.nth(0);
    assert.equal(await first.locator('h5').innerText(), 'Save fails');
    assert.match(await first.innerText(), /session s1/);
    assert.match(await first.innerText(), /localhost:3000\/settings\/profile/);
    assert.equal(await first.locator('.state').innerText(), 'active');
    assert.match(await first.locator('.task-capture').innerText(), /7 requests · 5 console entries/);
    assert.equal(await first.locator('.task-problem').innerText(), `1 problem — ${SAVE_PROBLEM}`);
    await first.getByRole('button', { name: 'Stop capture for Save fails' }).waitFor();
    const second = cards.nth(1);
    assert.equal(await second.locator('h5').innerText(), 'k2p9', 'a session without a name is shown by its id');
    assert.match(await second.innerText(), /No capture yet/);
    await second.getByRole('button', { name: 'Start capture for k2p9' }).waitFor();
    assert.equal(await second.getByRole('link', { name: /Open evidence/ }).count(), 0, 'nothing to open without a capture');
    assert.equal(await page.getByLabel('Prompt for your agent').count(), 0, 'no prompt while there is a task');
    // History stays reachable with a task.
    await page.getByRole('link', { name: 'Open history' }).waitFor();
    await screenshots(page, 'connected');

    const evidence = await opensTab(page, first.getByRole('link', { name: 'Open evidence of Save fails' }));
    assert.equal(evidence.url(), evidenceUrl(RUN));
    await evidence.getByRole('heading', { name: 'Website debugging', level: 1 }).waitFor();
    await evidence.close();
  });

  test('the card follows the daemon while the popup is open', async () => {
    await heartbeat(SESSIONS);
    const page = await openPopup();
    const counts = page.locator('article.task').first().locator('.task-capture');
    await counts.getByText('7 requests').waitFor();
    const grown = structuredClone(SESSIONS);
    grown[0].capture.requests = 12;
    await heartbeat(grown);
    await counts.getByText('12 requests · 5 console entries').waitFor();
    await heartbeat([]);
    await page.locator('#tasks-title', { hasText: 'No task yet' }).waitFor();
    await page.getByLabel('Prompt for your agent').waitFor();
    await page.close();
  });

  test('a daemon that says goodbye shows stopped within 2 s, its capture interrupted', async () => {
    const doc = liveCapture();
    Object.assign(doc.run, { run_id: 'run-bye', name: 'Said goodbye', session: 'sb' });
    await seed(worker, doc);
    const daemon = { daemon_id: 'd-bye', daemon_version: '0.1.0', pid: 43, active_runs: ['run-bye'] };
    const sessions = [{ id: 'sb', name: 'Leaving', url: 'http://localhost:3000/', capture: { run_id: 'run-bye', name: 'Said goodbye', state: 'active', requests: 3, console: 0, problems: 0 } }];
    await worker.evaluate((b) => /** @type {any} */ (globalThis).bskLink.heartbeat(b), { ...daemon, at: Date.now(), sessions });
    const page = await openPopup();
    await page.locator('article.task', { hasText: 'Leaving' }).waitFor();
    assert.match(await page.locator('article.task .task-counts').innerText(), /3 requests · 0 console entries · no problems/);
    const said = Date.now();
    assert.deepEqual(await worker.evaluate((g) => /** @type {any} */ (globalThis).bskLink.goodbye(g), { daemon_id: 'd-bye', at: said }), { ok: true });
    await page.locator('.connection-off', { hasText: 'Daemon stopped' }).waitFor({ timeout: 2_000 });
    await page.locator('#tasks-title', { hasText: 'No task yet' }).waitFor({ timeout: 2_000 });
    // Its capture is interrupted at once, as it would be after the stale limit.
    await page.locator('.recent-record[data-run="run-bye"] .state', { hasText: 'interrupted' }).waitFor({ timeout: 2_000 });
    console.log(`goodbye shown after ${Date.now() - said} ms`);
    // A heartbeat the daemon sent before its goodbye, arriving late, does not bring it back.
    await worker.evaluate((b) => /** @type {any} */ (globalThis).bskLink.heartbeat(b), { ...daemon, at: Date.now(), sessions });
    const status = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'link-status' }));
    assert.equal(status.connected, false);
    assert.match(await page.locator('#connection').innerText(), /Daemon stopped/);
    await screenshots(page, 'daemon-stopped');
    await page.close();
  });

  test('a daemon that crashes (no goodbye) stays connected until the stale limit, then shows disconnected', async () => {
    await worker.evaluate((b) => /** @type {any} */ (globalThis).bskLink.heartbeat(b), { daemon_id: 'd-crash', daemon_version: '0.1.0', pid: 44, active_runs: [], sessions: [], at: Date.now() });
    const heard = Date.now();
    const page = await openPopup();
    await page.locator('.connection-on').waitFor();
    await page.locator('.connection-off', { hasText: 'No daemon connected' }).waitFor({ timeout: HEARTBEAT_STALE_MS + 2_000 });
    const after = Date.now() - heard;
    console.log(`crash shown after ${after} ms`);
    assert.ok(after >= HEARTBEAT_STALE_MS - 500, `connected for the stale limit (${after} ms)`);
    assert.ok(after <= HEARTBEAT_STALE_MS + 1_000, `disconnected at the stale limit (${after} ms)`);
    await page.close();
  });

  test('start and stop without a daemon binding say that no daemon is connected, and what to do', async () => {
    await heartbeat(SESSIONS);
    const page = await openPopup();
    const card = page.locator('article.task').filter({ hasText: 'k2p9' });
    // By keyboard: the button keeps focus while the answer is drawn.
    const start = card.getByRole('button', { name: 'Start capture for k2p9' });
    await start.focus();
    await page.keyboard.press('Enter');
    const error = card.locator('.task-error');
    await error.waitFor();
    assert.match(await error.innerText(), /Capture not started/);
    assert.match(await error.innerText(), /No bsk daemon is connected to this browser\./);
    assert.match(await error.innerText(), /bsk session start/);
    assert.match(await page.locator('#announce').innerText(), /Capture not started\. No bsk daemon is connected/);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Start capture for k2p9');
    const focusRing = await page.evaluate(() => getComputedStyle(/** @type {Element} */ (document.activeElement)).outlineStyle);
    assert.equal(focusRing, 'solid', 'focus is visible');

    const stop = page.locator('article.task').filter({ hasText: 'Save fails' }).getByRole('button', { name: 'Stop capture for Save fails' });
    await stop.click();
    const stopError = page.locator('article.task').filter({ hasText: 'Save fails' }).locator('.task-error');
    await stopError.waitFor();
    assert.match(await stopError.innerText(), /Capture not stopped/);
    assert.match(await stopError.innerText(), /No bsk daemon is connected/);
    await screenshots(page, 'error');
    await page.close();
  });

  test('a storage error is shown in words until a checkpoint saves again', async () => {
    const failed = await worker.evaluate((d) => /** @type {any} */ (globalThis).bskLink.checkpoint(d).then(() => null, (e) => String(e.message)), checkpointOf({ version: 99 }));
    assert.equal(failed, 'not an export document of version 1');
    const page = await openPopup();
    const alert = page.locator('.storage-error');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Evidence is not being saved in this browser/);
    assert.match(await alert.innerText(), /not an export document of version 1/);
    assert.equal(await alert.getAttribute('role'), 'alert');
    await screenshots(page, 'storage-error');
    await seed(worker, saveFails);
    await alert.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('popup preferences across a browser restart', () => {
  test('the capture name and folding are kept in the profile', async () => {
    const first = await launchWithExtension({ viewport: POPUP_VIEWPORT });
    /** @type {import('playwright-core').BrowserContext | null} */
    let again = null;
    try {
      await serviceWorker(first.context);
      const page = await openPopup(first.context);
      const { fold, name } = await preferences(page);
      await fold.uncheck();
      await page.locator('#preferences-status', { hasText: 'Saved.' }).waitFor();
      await name.fill('Login loop');
      await name.press('Enter');
      await promptSays(page, "--name 'Login loop'");
      await page.locator('#preferences-status', { hasText: 'Saved.' }).waitFor();
      await first.context.close();

      // The same profile, a new browser (launched as launchWithExtension does).
      again = await chromium.launchPersistentContext(first.profile, {
        executablePath: CHROMIUM,
        headless: true,
        viewport: POPUP_VIEWPORT,
        args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
      });
      await serviceWorker(again);
      const reopened = await openPopup(again);
      const kept = await preferences(reopened);
      assert.equal(await kept.fold.isChecked(), false);
      assert.equal(await kept.name.inputValue(), 'Login loop');
      assert.match(await reopened.getByLabel('Prompt for your agent').inputValue(), /--name 'Login loop'/);
    } finally {
      await again?.close().catch(() => {});
      await first.close();
      rmSync(first.profile, { recursive: true, force: true });
    }
  });
});

describe('popup with the real bsk daemon', () => {
  test('Quick Actions start and stop capture on the session, and its evidence opens', async () => {
    const site = await serveSite();
    const home = stateDir();
    const real = await launchBrowser({ home });
    try {
      await bsk(home, 'daemon', 'start', '--cdp-url', real.endpoint);
      const session = await bsk(home, 'session', 'start', '--name', 'popup e2e');
      await waitFor('the extension link', async () => (await bskJson(home, 'status')).browser.extension.state === 'connected', 20_000);
      const context = real.browser.contexts()[0];
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      page.on('pageerror', (e) => pageErrors.push(`popup (real daemon): ${e.message}`));
      await page.goto(`chrome-extension://${real.extensionId}/popup.html`);
      const card = page.locator('article.task', { hasText: 'popup e2e' });
      await card.waitFor();
      assert.match(await page.locator('#connection').innerText(), /Daemon connected/);
      assert.match(await card.innerText(), new RegExp(`session ${session}`));

      await card.getByRole('button', { name: 'Start capture for popup e2e' }).click();
      // With the default name preference, the daemon names the capture after its page and time:
      // before any page, `Capture <time> UTC`, then the first page's host.
      await card.locator('.task-ok', { hasText: /Capture “[^”]* \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC” started\./ }).waitFor({ timeout: 20_000 });
      await card.locator('.state', { hasText: 'active' }).waitFor();
      // The agent reproduces; the card's counts follow the daemon's heartbeats.
      // The tab's URL reaches the popup (and the extension's storage) redacted.
      await bsk(home, 'navigate', `${site.url}/?token=Tab-Secret-1`, '--session', session);
      await card.locator('.task-counts', { hasText: /^[1-9]\d* requests?/ }).waitFor();
      const host = new URL(site.url).host;
      await card.locator('.task-capture-name', { hasText: new RegExp(`^${host.replaceAll('.', '\\.')} \\d{4}-`) }).waitFor();
      // A failing request is a problem: its count and its line reach the card.
      assert.equal(await bsk(home, 'evaluate', "fetch('/missing').then(r => r.status)", '--session', session), '404');
      await card.locator('.task-problem', { hasText: /^1 problem — GET .*\/missing 404/ }).waitFor();
      const taskUrl = await card.locator('.task-url').innerText();
      assert.match(taskUrl, new RegExp(site.url.replaceAll('.', '\\.')));
      assert.match(taskUrl, /token=\[redacted\]/);
      assert.doesNotMatch(taskUrl, /Tab-Secret-1/);

      await card.getByRole('button', { name: 'Stop capture for popup e2e' }).click();
      await card.locator('.task-ok', { hasText: 'Capture stopped.' }).waitFor({ timeout: 20_000 });
      await card.locator('.state', { hasText: 'stopped' }).waitFor();
      // Right after Stop, the popup still fits in Chrome's 600 px, and does not scroll as a whole.
      const height = await page.evaluate(() => ({ box: document.body.getBoundingClientRect().height, content: document.body.scrollHeight }));
      assert.ok(height.box <= 600 && height.content <= 600, `after Stop the popup is ${JSON.stringify(height)} px tall`);
      // History lists the record by the name of its first page, with its problem.
      const row = page.locator('.recent-record').first();
      await row.locator('.recent-problems', { hasText: /^1 problem — GET .*\/missing 404/ }).waitFor();
      assert.match(await row.locator('.recent-name').innerText(), new RegExp(`^${host.replaceAll('.', '\\.')} \\d{4}-`));
      await screenshots(page, 'real-after-stop');
      // Stopped by the person from the popup, which the record says.
      assert.match(await bsk(home, 'debug', 'status', '--session', session), /stopped \(stopped from the extension’s popup\)/);

      // A clean stop says goodbye: the popup shows it within 2 s, not at the stale limit.
      const second = await context.newPage();
      second.setDefaultTimeout(WAIT_MS);
      second.on('pageerror', (e) => pageErrors.push(`popup (real daemon): ${e.message}`));
      await second.goto(`chrome-extension://${real.extensionId}/popup.html`);
      await second.locator('.connection-on').waitFor();
      const evidence = await opensTab(page, card.getByRole('link', { name: 'Open evidence of popup e2e' }));
      await evidence.getByRole('heading', { name: / \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/, level: 1 }).waitFor();
      assert.equal(await evidence.locator('.title-line .state').innerText(), 'stopped');
      await evidence.close();
      await bsk(home, 'daemon', 'stop');
      const stopped = Date.now();
      await second.locator('.connection-off', { hasText: 'Daemon stopped' }).waitFor({ timeout: 2_000 });
      console.log(`the daemon's stop shown ${Date.now() - stopped} ms after bsk daemon stop returned`);
      await second.close();
    } finally {
      await bsk(home, 'daemon', 'stop').catch(() => {});
      await real.close();
      await site.close();
    }
  });
});

test('no uncaught errors in any popup', () => {
  assert.deepEqual(pageErrors, []);
});
